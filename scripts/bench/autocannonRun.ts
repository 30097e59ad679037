/** What the bench reads of an autocannon run (its module is untyped: autocannon.d.ts). */
export interface AutocannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  errors: number;
  non2xx: number;
  duration: number;
}
export type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

/** autocannon, loaded when a bench section needs it. */
export async function loadAutocannon(): Promise<Autocannon> {
  return (await import('autocannon')).default as unknown as Autocannon;
}
