/**
 * Lighthouse (mobile preset, its simulated throttling) against each page type, median of
 * `runs` runs. Lighthouse 12 is ESM-only, hence the dynamic imports.
 */
export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What the largest paint was (the last run's), and where its time went: to see what to mend. */
  lcpElement: string;
  lcpPhases: string;
  /** Audits below full marks in accessibility, best practices and SEO (the last run's). */
  failing: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

interface LhResult {
  categories: Record<string, { score: number | null; auditRefs?: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { numericValue?: number; score?: number | null; details?: LhDetails }>;
}

interface LhDetails {
  items?: Array<{ items?: Array<{ node?: { selector?: string; nodeLabel?: string }; phase?: string; timing?: number }> }>;
}

/** The largest paint's element and its phases (time to first byte, load delay, load time, render delay). */
function lcpDiagnosis(result: LhResult): { element: string; phases: string } {
  const tables = result.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  const phases = (tables[1]?.items ?? []).map((row) => `${row.phase}: ${Math.round(row.timing ?? 0)}`).join(', ');
  return { element: node ? `${node.selector ?? ''} (${(node.nodeLabel ?? '').slice(0, 40)})` : '', phases };
}

function failingAudits(result: LhResult): string {
  const ids = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (result.categories[category]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && result.audits[ref.id]?.score !== null && (result.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
  );
  return ids.join(' ');
}

/** `cookies`: a Cookie header per page that needs one (the checkout: a visitor with a basket). */
export async function runLighthouse(baseUrl: string, pages: Record<string, string>, chromePath: string, runs = 3, cookies: Record<string, string> = {}): Promise<LighthouseRow[]> {
  const lighthouse = (await import('lighthouse')).default as unknown as (
    url: string,
    flags: Record<string, unknown>,
  ) => Promise<{ lhr: LhResult } | undefined>;
  const chromeLauncher = await import('chrome-launcher');
  const rows: LighthouseRow[] = [];
  {
    for (const [page, path] of Object.entries(pages)) {
      const samples: LhResult[] = [];
      for (let run = 0; run < runs; run++) {
        // A fresh browser and profile per run: no cache, cookies or compiled code from the last one.
        const chrome = await chromeLauncher.launch({
          chromePath,
          chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        });
        try {
          const result = await lighthouse(baseUrl + path, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            ...(cookies[page] ? { extraHeaders: { Cookie: cookies[page] } } : {}),
          });
          if (result) samples.push(result.lhr);
        } finally {
          chrome.kill();
        }
      }
      const score = (category: string) => median(samples.map((s) => Math.round((s.categories[category]?.score ?? 0) * 100)));
      const audit = (id: string) => median(samples.map((s) => s.audits[id]?.numericValue ?? NaN));
      rows.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
        lcpElement: samples.length ? lcpDiagnosis(samples[samples.length - 1]).element : '',
        lcpPhases: samples.length ? lcpDiagnosis(samples[samples.length - 1]).phases : '',
        failing: samples.length ? failingAudits(samples[samples.length - 1]) : '',
      });
    }
  }
  return rows;
}
