/** A full navigation to an address (a partial load that failed, a vehicle chosen, a search sent). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
