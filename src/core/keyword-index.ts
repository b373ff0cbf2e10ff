// Aho-Corasick over lower-case keywords: one pass over the text finds every keyword it contains,
// so checking a hint against 1,000 patterns costs one scan plus the few regexes whose keyword
// occurs. Written here because no maintained npm package does this small thing with typed arrays.

export class KeywordIndex<T> {
  private readonly goto: Array<Map<number, number>> = [new Map()];
  private readonly fail: number[] = [0];
  private readonly out: T[][] = [[]];

  constructor(entries: Iterable<readonly [keyword: string, value: T]>) {
    for (const [keyword, value] of entries) this.add(keyword, value);
    this.build();
  }

  private add(keyword: string, value: T): void {
    if (keyword.length === 0) throw new Error("KeywordIndex: empty keyword");
    let state = 0;
    for (let i = 0; i < keyword.length; i++) {
      const c = keyword.charCodeAt(i);
      const edges = this.goto[state]!;
      let next = edges.get(c);
      if (next === undefined) {
        next = this.goto.length;
        this.goto.push(new Map());
        this.fail.push(0);
        this.out.push([]);
        edges.set(c, next);
      }
      state = next;
    }
    this.out[state]!.push(value);
  }

  private build(): void {
    const queue: number[] = [];
    for (const next of this.goto[0]!.values()) queue.push(next);
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      for (const [c, next] of this.goto[state]!) {
        queue.push(next);
        let f = this.fail[state]!;
        while (f !== 0 && !this.goto[f]!.has(c)) f = this.fail[f]!;
        const target = this.goto[f]!.get(c);
        this.fail[next] = target !== undefined && target !== next ? target : 0;
        const inherited = this.out[this.fail[next]!]!;
        if (inherited.length > 0) this.out[next] = this.out[next]!.concat(inherited);
      }
    }
  }

  /** Every value whose keyword occurs in `text` (which must already be lower case), once each. */
  find(text: string): Set<T> {
    const found = new Set<T>();
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let next = this.goto[state]!.get(c);
      while (next === undefined && state !== 0) {
        state = this.fail[state]!;
        next = this.goto[state]!.get(c);
      }
      state = next ?? 0;
      const values = this.out[state]!;
      for (let j = 0; j < values.length; j++) found.add(values[j]!);
    }
    return found;
  }
}
