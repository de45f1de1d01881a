import type { SessionUser } from '@powerdeck/domain';
import { badRequest } from '../../http/errors';
import type { Db } from '../../infra/db/database';
import { ClientsRepository } from '../clients/clients.repository';
import { PermissionsRepository } from '../permissions/permissions.repository';
import { ImagesRepository, type StoredPicture } from './images.repository';

/** Where a stored picture is served; `path` of the upload answer and the imageFileRef. */
export const picturePath = (id: string) => `/data-svc/images/data-svc.php?svc=picture&id=${id}`;

export const pictureMessages = {
  notAttachable: 'Please upload the picture again.',
} as const;

const PICTURE_PATH = /^\/data-svc\/images\/(?:data-svc|dataSvc)\.php\?/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The picture id of an imageFileRef that is one of our picture paths, else null. */
export function pictureIdOf(ref: string): string | null {
  if (!PICTURE_PATH.test(ref)) return null;
  const query = new URLSearchParams(ref.slice(ref.indexOf('?') + 1));
  const id = query.get('id');
  return query.get('svc') === 'picture' && id !== null && UUID.test(id) ? id.toLowerCase() : null;
}

/**
 * Who may read an uploaded picture. Until it is the imageFileRef of a client or a location, only
 * its uploader (the form previews it before saving); from then on whoever can see one of those
 * clients (the clients rule: a level at one of its locations, its creator, SUPPORT) or locations
 * (a level there, SUPPORT). Only a picture the caller can read may be attached, so nobody gains
 * sight of another's picture by naming it on a client of their own.
 */
export class PictureAccess {
  constructor(
    private readonly images: ImagesRepository,
    private readonly clients: ClientsRepository,
    private readonly permissions: PermissionsRepository,
  ) {}

  static on(db: Db): PictureAccess {
    return new PictureAccess(
      new ImagesRepository(db),
      new ClientsRepository(db),
      new PermissionsRepository(db),
    );
  }

  /** The picture when the user may read it; undefined when it is missing or not theirs to see. */
  async readable(user: SessionUser, id: string): Promise<StoredPicture | undefined> {
    const picture = await this.images.find(id);
    if (!picture) return undefined;
    const { clientIds, siteIds } = await this.images.referencesTo(picturePath(id));
    if (clientIds.length === 0 && siteIds.length === 0) {
      return picture.uploadedBy === user.userId ? picture : undefined;
    }
    const support = user.tier === 'SUPPORT';
    for (const clientId of clientIds) {
      if (await this.clients.isVisible(user.userId, support, clientId)) return picture;
    }
    for (const siteId of siteIds) {
      if (support || (await this.permissions.permLvlAt(user.userId, siteId)) !== null) {
        return picture;
      }
    }
    return undefined;
  }

  /**
   * The imageFileRef to store for a new client or location: null for none, else the path of an
   * uploaded picture the user may read. Anything else (another user's picture, an unknown one, an
   * address elsewhere) is a 400 on `field`.
   */
  async attachableRef(
    user: SessionUser,
    ref: string | null | undefined,
    field: string,
  ): Promise<string | null> {
    if (ref === undefined || ref === null || ref.trim() === '') return null;
    const id = pictureIdOf(ref.trim());
    if (id === null || !(await this.readable(user, id))) {
      throw badRequest(pictureMessages.notAttachable, { [field]: pictureMessages.notAttachable });
    }
    return picturePath(id);
  }
}
