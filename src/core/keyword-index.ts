// Aho-Corasick over lower-case keywords: one pass over the text finds every keyword it contains,
// so checking a hint against 1,000 patterns costs one scan plus the few regexes whose keyword
// occurs. The automaton is compiled to a dense DFA over an alphabet of only the characters the
// keywords use (every other character leads back to the root), so the scan is one table lookup
// per character. Written here because no maintained npm package does this small thing.

export class KeywordIndex<T> {
  /** Per state: the values whose keyword ends there (including via suffix links). */
  private readonly out: T[][];
  /** transitions[state * width + class] → next state. */
  private readonly transitions: Int32Array;
  private readonly width: number;
  /** Character class per UTF-16 code unit below 128; 0 = not in any keyword. */
  private readonly asciiClass = new Uint8Array(128);
  private readonly otherClass = new Map<number, number>();

  constructor(entries: Iterable<readonly [keyword: string, value: T]>) {
    const trie: Array<Map<number, number>> = [new Map()];
    const out: T[][] = [[]];
    let classes = 0;
    const classOf = (c: number): number => {
      if (c < 128) return this.asciiClass[c] || (this.asciiClass[c] = ++classes);
      let k = this.otherClass.get(c);
      if (k === undefined) this.otherClass.set(c, (k = ++classes));
      return k;
    };
    for (const [keyword, value] of entries) {
      if (keyword.length === 0) throw new Error("KeywordIndex: empty keyword");
      let state = 0;
      for (let i = 0; i < keyword.length; i++) {
        const k = classOf(keyword.charCodeAt(i));
        let next = trie[state]!.get(k);
        if (next === undefined) {
          next = trie.length;
          trie.push(new Map());
          out.push([]);
          trie[state]!.set(k, next);
        }
        state = next;
      }
      out[state]!.push(value);
    }
    if (classes > 255 && this.otherClass.size > 0) {
      // More than 255 distinct characters cannot live in the Uint8Array; none of ours come close.
      throw new Error("KeywordIndex: too many distinct characters in keywords");
    }
    this.width = classes + 1;
    const states = trie.length;
    this.transitions = new Int32Array(states * this.width);
    const fail = new Int32Array(states);
    // Breadth-first: a state's failure target is always finished before the state itself.
    const queue: number[] = [0];
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head]!;
      for (let k = 1; k < this.width; k++) {
        const child = trie[s]!.get(k);
        const viaFail = s === 0 ? 0 : this.transitions[fail[s]! * this.width + k]!;
        if (child !== undefined) {
          fail[child] = viaFail;
          if (out[viaFail]!.length > 0) out[child] = out[child]!.concat(out[viaFail]!);
          this.transitions[s * this.width + k] = child;
          queue.push(child);
        } else {
          this.transitions[s * this.width + k] = viaFail;
        }
      }
    }
    this.out = out;
  }

  /** Every value whose keyword occurs in `text` (which must already be lower case), once each. */
  find(text: string): Set<T> {
    const found = new Set<T>();
    const { transitions, width, asciiClass, otherClass, out } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const k = c < 128 ? asciiClass[c]! : (otherClass.get(c) ?? 0);
      state = k === 0 ? 0 : transitions[state * width + k]!;
      const values = out[state]!;
      for (let j = 0; j < values.length; j++) found.add(values[j]!);
    }
    return found;
  }
}
