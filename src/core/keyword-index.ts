// Aho-Corasick over lower-case keywords: one pass over the text finds every keyword it contains,
// so checking a hint against 1,000 patterns costs one scan plus the few regexes whose keyword
// occurs. The automaton is compiled to a dense DFA over an alphabet of only the characters the
// keywords use (every other character leads back to the root), so the scan is one table lookup
// per character. Written here because no maintained npm package does this small thing.

export class KeywordIndex {
  /** Per state: the values whose keyword ends there (including via suffix links). */
  private readonly out: number[][];
  /**
   * 1 where a state ends at least one keyword whose values this scan has not reported yet: the scan
   * touches `out` only there. find() clears it for each state it reaches and sets it back after.
   */
  private readonly pending: Uint8Array;
  /** Scratch for find(): which values were already reported in this scan. */
  private readonly seen: Uint8Array;
  /** transitions[state * width + class] → next state; 16-bit when it fits, to stay in cache. */
  private readonly transitions: Int32Array | Uint16Array;
  private readonly width: number;
  /** Character class per UTF-16 code unit below 128; 0 = not in any keyword. */
  private readonly asciiClass = new Uint8Array(128);
  private readonly otherClass = new Map<number, number>();
  /** The class of " " when a keyword holds one, else -1: every whitespace character maps to it. */
  private readonly spaceClass: number;

  constructor(entries: Iterable<readonly [keyword: string, value: number]>) {
    const trie: Array<Map<number, number>> = [new Map()];
    const out: number[][] = [[]];
    let maxValue = -1;
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
      maxValue = Math.max(maxValue, value);
    }
    // Number the states breadth-first: the shallow states, where a scan of text spends nearly all
    // its time, then share a few pages of the table instead of being spread over all of it.
    relabelBreadthFirst(trie, out);
    // Text is matched as if its whitespace were folded to single spaces ("you are\n  now" holds the
    // keyword "you are now"), as the patterns' \s+ would match it. U+FEFF, whitespace to \s, is a
    // keyword character of its own (an invisible one), so it is left alone.
    this.spaceClass = this.asciiClass[32] || -1;
    if (this.spaceClass > 0) {
      for (const c of "\t\n\v\f\r") this.asciiClass[c.charCodeAt(0)] = this.spaceClass;
      for (const c of "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000") {
        if (!this.otherClass.has(c.charCodeAt(0))) this.otherClass.set(c.charCodeAt(0), this.spaceClass);
      }
    }
    if (classes > 255 && this.otherClass.size > 0) {
      // More than 255 distinct characters cannot live in the Uint8Array; none of ours come close.
      throw new Error("KeywordIndex: too many distinct characters in keywords");
    }
    this.width = classes + 1;
    const states = trie.length;
    this.transitions = states < 65_536 ? new Uint16Array(states * this.width) : new Int32Array(states * this.width);
    const fail = new Int32Array(states);
    /** The class of the character that leads into each state (0 for the root). */
    const enteredBy = new Int32Array(states);
    // Breadth-first: a state's failure target is always finished before the state itself, so a
    // state's row starts as a copy of its failure target's row (every character with no edge of its
    // own goes where the failure target's would), and its own edges are written over it. The
    // root's row starts at 0: a character with no edge leads back to the root.
    const w = this.width;
    const queue: number[] = [0];
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head]!;
      const f = fail[s]!;
      if (s !== 0) this.transitions.copyWithin(s * w, f * w, f * w + w);
      for (const [k, child] of trie[s]!) {
        const viaFail = s === 0 ? 0 : this.transitions[f * w + k]!;
        fail[child] = viaFail;
        if (out[viaFail]!.length > 0) out[child] = out[child]!.concat(out[viaFail]!);
        this.transitions[s * w + k] = child;
        enteredBy[child] = k;
        queue.push(child);
      }
    }
    // A whitespace run counts as one space: a state entered by a space stays where it is on the
    // next one. (Column 0, characters in no keyword, is 0 everywhere: they lead back to the root.)
    // A state entered by anything else, the root included, has its failure transition on a space,
    // and the root is never where a space leads when a keyword starts with one.
    if (this.spaceClass > 0) for (let st = 1; st < states; st++) if (enteredBy[st] === this.spaceClass) this.transitions[st * this.width + this.spaceClass] = st;
    this.out = out;
    this.pending = Uint8Array.from(out, (values) => (values.length > 0 ? 1 : 0));
    this.seen = new Uint8Array(maxValue + 1);
  }

  /**
   * Every value whose keyword occurs in `text` (which must already be lower case), once each,
   * ascending; whitespace runs in the text count as one space.
   */
  find(text: string): number[] {
    const found: number[] = [];
    const { transitions, width, asciiClass, otherClass, out, seen, pending } = this;
    const reached: number[] = [];
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      state = transitions[state * width + (c < 128 ? asciiClass[c]! : (otherClass.get(c) ?? 0))]!;
      // Digits, ":" and "." are keywords of some rules: the same terminal states recur on every
      // number in the text, and their outputs were all reported on the first visit.
      if (pending[state] === 0) continue;
      pending[state] = 0;
      reached.push(state);
      const values = out[state]!;
      for (let j = 0; j < values.length; j++) {
        const v = values[j]!;
        if (seen[v] === 0) {
          seen[v] = 1;
          found.push(v);
        }
      }
    }
    for (const v of found) seen[v] = 0;
    for (const st of reached) pending[st] = 1;
    // Reported in the order met; most scans find them ascending already (sorting allocates).
    for (let j = 1; j < found.length; j++) if (found[j - 1]! > found[j]!) return found.sort((a, b) => a - b);
    return found;
  }
}

/** Renumbers the trie's states (and their outputs) in breadth-first order, in place; the root stays 0. */
function relabelBreadthFirst(trie: Array<Map<number, number>>, out: number[][]): void {
  const order: number[] = [0];
  for (let head = 0; head < order.length; head++) for (const child of trie[order[head]!]!.values()) order.push(child);
  const newId = new Int32Array(trie.length);
  order.forEach((old, i) => (newId[old] = i));
  const oldTrie = trie.slice();
  const oldOut = out.slice();
  order.forEach((old, i) => {
    const children = new Map<number, number>();
    for (const [k, child] of oldTrie[old]!) children.set(k, newId[child]!);
    trie[i] = children;
    out[i] = oldOut[old]!;
  });
}
