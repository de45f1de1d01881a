import { SEARCH_LIMITS, type SearchQuery, type SessionUser } from '@powerdeck/domain';
import { SearchRepository, SearchService } from '@powerdeck/server';
import { type BenchModule, type BenchResult, ms, percentile } from './bench';
import {
  BENCH_SUPPORT,
  BENCH_USER,
  type LargeDatasetSize,
  describeSize,
  openLargeDataset,
  searchKeywords,
} from './support/large-dataset';

/**
 * The search service (no HTTP) on the large dataset (support/large-dataset.ts: 20,000 locations,
 * 1,000,000 outlets on PostgreSQL; BENCH_SCALE shrinks it). The HTTP load bench measures the same
 * call over HTTP.
 */

const QUERIES = 500;

async function measure(
  service: SearchService,
  user: SessionUser,
  req: SearchQuery['req'],
  size: LargeDatasetSize,
) {
  const times: number[] = [];
  let rows = 0;
  const list = searchKeywords(size, QUERIES);
  // warm-up: the first queries load index pages
  for (const keyword of list.slice(0, 20)) await service.search(user, { req, keyword });
  for (const keyword of list) {
    if (req === 'autosuggest' && keyword.length < 3) continue;
    const started = performance.now();
    const result = await service.search(user, { req, keyword });
    times.push(performance.now() - started);
    rows +=
      result.locations.length +
      result.devices.length +
      result.outlets.length +
      result.clients.length;
  }
  return {
    queries: times.length,
    'p50 ms': ms(percentile(times, 50)),
    'p95 ms': ms(percentile(times, 95)),
    'p99 ms': ms(percentile(times, 99)),
    'max ms': ms(Math.max(...times)),
    'rows/query': Math.round(rows / times.length),
  };
}

const bench: BenchModule = {
  name: 'search',
  async run(): Promise<BenchResult[]> {
    const { database, dispose, size, buildSeconds } = await openLargeDataset('pd_bench_search');
    try {
      const service = new SearchService(new SearchRepository(database.db));
      const user = (userId: string, tier: SessionUser['tier']): SessionUser => ({
        userId,
        email: `${userId}@bench.test`,
        firstName: 'Bench',
        lastName: 'User',
        tier,
      });
      const results: BenchResult[] = [];
      for (const [label, who] of [
        [`user with ${size.userLocations} locations`, user(BENCH_USER.id, 'STANDARD')],
        ['SUPPORT (all locations)', user(BENCH_SUPPORT.id, 'SUPPORT')],
      ] as const) {
        for (const req of ['search', 'autosuggest'] as const) {
          results.push({
            name: `search req=${req}, ${label}`,
            figures: await measure(service, who, req, size),
            note: `limit ${SEARCH_LIMITS[req]} per group; target p99 <= 20 ms`,
          });
        }
      }
      results[0] = {
        ...results[0]!,
        note: `${results[0]?.note ?? ''}; data: ${describeSize(size)}, built in ${buildSeconds.toFixed(0)} s`,
      };
      return results;
    } finally {
      await dispose();
    }
  },
};

export default bench;
