// The life of the listing the proxy hands out: made once per upstream
// generation (each notifications/tools/list_changed starts a new one), kept
// while the server's tools stay the same, not kept when making it failed
// (the next tools/list asks the server again). After a change, once the
// client has listed, it is made again at once, so the local tools (the
// describe tool) know the new tools before the client lists again.

import type { LocalTool } from './tools-proxy';

/** What the lifecycle keeps: anything with the local tool it offers. */
interface Offered {
  local?: LocalTool | undefined;
}

/** A listing asked for in one generation: its answer, and the listing once made. */
interface Asked<Listing> {
  generation: number;
  answer: Promise<Listing>;
  made?: Listing;
}

export class ListingLifecycle<Listing extends Offered> {
  private generation = 0;
  private listing: Asked<Listing> | undefined;
  /** The listing the client was last handed (or, after a change, made for it): the local tools answer from it. */
  private offered: Listing | undefined;
  /** The listing made again after a change, until it is done: a call of a local tool waits for it. */
  private refreshing: Promise<Listing> | undefined;

  constructor(private readonly make: () => Promise<Listing>) {}

  /** The listing of the server's current tools, made when this generation has none. */
  current(): Promise<Listing> {
    if (this.listing?.generation !== this.generation) {
      const answer = this.make();
      const entry: Asked<Listing> = { generation: this.generation, answer };
      this.listing = entry;
      answer.then(
        (made) => (entry.made = made),
        () => {
          if (this.listing === entry) this.listing = undefined;
        },
      );
    }
    return this.listing.answer;
  }

  /** The listing of the server's current tools once it is made; undefined while it is being made, or when none is. */
  made(): Listing | undefined {
    return this.listing?.generation === this.generation ? this.listing.made : undefined;
  }

  /** The client was handed `shrunk`. */
  handedOut(shrunk: Listing): void {
    this.offered = shrunk;
  }

  /** True once the client has been handed a listing. */
  get listed(): boolean {
    return this.offered !== undefined;
  }

  /** The server changed its tools: the next listing is made anew. */
  changed(): void {
    this.generation += 1;
  }

  /** Makes the listing again now (after a change); it becomes the one local tools answer from. Rejects when making it failed. */
  refresh(): Promise<void> {
    const at = this.generation;
    const refresh = this.current().then((shrunk) => {
      if (at === this.generation) this.offered = shrunk; // else a later change is being listed
      return shrunk;
    });
    this.refreshing = refresh;
    const done = () => {
      if (this.refreshing === refresh) this.refreshing = undefined;
    };
    return refresh.then(done, (error: unknown) => {
      done();
      throw error;
    });
  }

  /** The local tool a tools/call of `name` calls: in the listing the client was handed, or before it was handed one, the one made. */
  localTool(name: unknown): LocalTool | undefined {
    const local = (this.offered ?? this.made())?.local;
    return local !== undefined && name === local.definition.name ? local : undefined;
  }

  /** The local tool to answer with: a listing being made again has the server's current tools (else, or if it failed, `handed`). */
  async latest(handed: LocalTool): Promise<LocalTool> {
    const refreshed = this.refreshing ? await this.refreshing.catch(() => undefined) : undefined;
    return refreshed?.local ?? handed;
  }
}
