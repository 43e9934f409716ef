/**
 * The `/api/rtc` connections open on this instance per client address, so that one address cannot hold
 * every socket the process can serve.
 */
export class AddressConnections {
  private readonly open = new Map<string, number>();

  /** Counts one more connection from `address`, or returns false when it already holds `max`. */
  take(address: string, max: number): boolean {
    const count = this.open.get(address) ?? 0;
    if (count >= max) return false;
    this.open.set(address, count + 1);
    return true;
  }

  release(address: string): void {
    const count = (this.open.get(address) ?? 0) - 1;
    if (count > 0) this.open.set(address, count);
    else this.open.delete(address);
  }
}
