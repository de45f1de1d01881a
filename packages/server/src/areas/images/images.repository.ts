import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';
import { clients, locations } from '../../infra/db/schema';
import { images } from '../../infra/db/schema-locations';

export interface StoredPicture {
  contentType: string;
  bytes: Buffer;
  uploadedBy: string | null;
}

/** A quota of uploads per user over a sliding window. */
export interface UploadQuota {
  max: number;
  windowSeconds: number;
}

/** How many clients or locations of one picture are looked at (a picture normally has one). */
const REFERENCES_LIMIT = 50;

/** Uploaded pictures: the only SQL of the images area. */
export class ImagesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores the picture unless the user already uploaded `quota.max` in the window, counted in the
   * database by its clock, so the quota holds across servers. A lock per user makes concurrent
   * uploads of one user take their turn at the count. Returns the seconds until the oldest upload
   * in the window leaves it when refused.
   */
  async saveWithinQuota(
    picture: { id: string; contentType: string; bytes: Buffer; uploadedBy: string },
    quota: UploadQuota,
  ): Promise<{ saved: true } | { saved: false; retryAfterSeconds: number }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`images-quota:${picture.uploadedBy}`}, 0))`,
      );
      const window = sql`make_interval(secs => ${quota.windowSeconds})`;
      const [used] = rowsOf<{ n: number; wait: number | string | null }>(
        await tx.execute(sql`
          select count(*)::int as n,
                 ceil(extract(epoch from min(created_at) + ${window} - now())) as wait
          from images
          where uploaded_by = ${picture.uploadedBy} and created_at > now() - ${window}`),
      );
      if (used && used.n >= quota.max) {
        return { saved: false, retryAfterSeconds: Number(used.wait ?? quota.windowSeconds) };
      }
      await tx.insert(images).values(picture);
      return { saved: true };
    });
  }

  async find(id: string): Promise<StoredPicture | undefined> {
    const [row] = await this.db
      .select({
        contentType: images.contentType,
        bytes: images.bytes,
        uploadedBy: images.uploadedBy,
      })
      .from(images)
      .where(eq(images.id, id))
      .limit(1);
    return row;
  }

  /** The clients and locations whose picture is `ref` (their imageFileRef). */
  async referencesTo(ref: string): Promise<{ clientIds: string[]; siteIds: string[] }> {
    const [clientRows, siteRows] = await Promise.all([
      this.db
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.imageFileRef, ref))
        .limit(REFERENCES_LIMIT),
      this.db
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.imageFileRef, ref))
        .limit(REFERENCES_LIMIT),
    ]);
    return { clientIds: clientRows.map((r) => r.id), siteIds: siteRows.map((r) => r.id) };
  }
}
