// The simulated human's finger on the simulated security key: it touches when `haltkey sim touch`
// says so, or at once when armed (the finger already on the key).
type LiveTouch = "touch" | "no-touch" | "timeout";

export class SimulatedHuman {
  private readonly waiting: Array<(d: LiveTouch) => void> = [];
  private armed = 0;

  /** The authenticator asks when it needs presence; it waits for a touch or gives up. */
  presence = (timeoutMs: number): Promise<LiveTouch> => {
    if (this.armed > 0) {
      this.armed--;
      return Promise.resolve("touch");
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(done);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve("timeout");
      }, timeoutMs);
      const done = (d: LiveTouch): void => {
        clearTimeout(timer);
        resolve(d);
      };
      this.waiting.push(done);
    });
  };

  /** Touches a key that is blinking now; false if none is. */
  touchWaiting(): boolean {
    const next = this.waiting.shift();
    next?.("touch");
    return next !== undefined;
  }

  /** The next request for presence is answered at once (the human's finger is already there). */
  arm(): void {
    this.armed++;
  }
}
