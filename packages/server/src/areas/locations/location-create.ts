import {
  type AddLocationAndClient,
  type SessionUser,
  callTable,
  groupMessages,
} from '@powerdeck/domain';
import { randomUUID } from 'node:crypto';
import type { CallRegistry } from '../../http/contract';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../infra/clock';
import { locations, permissions } from '../../infra/db/schema';
import { adminGroupLocations } from '../../infra/db/schema-collab';
import type { ClientsRepository } from '../clients/clients.repository';
import type { CreatorRule } from '../clients/creator-rule';
import { GroupsRepository } from '../groups/groups.repository';
import { PictureAccess } from '../images/picture-access';

export const createMessages = {
  clientRequired: 'Please choose a client or add a new one',
  clientNotFound: 'Client not found',
  groupNotFound: 'Group not found.',
} as const;

const orNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

function installDate(l: AddLocationAndClient['location']): string | null {
  const { installyear: y, installmonth: m, installday: d } = l;
  if (!y || !m || !d) return null;
  const iso = `${y.padStart(4, '0')}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * clientLocation svc=addLocationAndClient (spec §7): a location with an existing client
 * (`location.clientContact`) or a new one (`client`). The creator becomes its owner.
 */
export function registerLocationCreateRoutes(
  calls: CallRegistry,
  deps: { clients: ClientsRepository; creators: CreatorRule; clock: Clock },
): void {
  const { clients, creators, clock } = deps;
  const groups = new GroupsRepository(clients.database);
  const pictures = PictureAccess.on(clients.database);
  /**
   * A location is added to a group only by whoever may change the group (its creator, or SUPPORT),
   * as groups svc=editGroupWithLocnsAndUsers: a member is refused (403), anyone else learns
   * nothing of it (404).
   */
  const requireOwnGroup = async (user: SessionUser, groupId: string) => {
    const group = await groups.find(groupId);
    if (group && (group.createdBy === user.userId || user.tier === 'SUPPORT')) return;
    if (group && (await groups.isMember(groupId, user.userId))) {
      throw forbidden(groupMessages.notYourGroup);
    }
    throw notFound(createMessages.groupNotFound);
  };
  // Every check runs before the transaction: a refused create writes nothing.
  const create = async (user: SessionUser, input: AddLocationAndClient) => {
    await creators.require(user);
    const { location, client } = input;
    const groupId = orNull(location.groupId);
    if (groupId !== null) await requireOwnGroup(user, groupId);
    const existing = orNull(location.clientContact);
    if (existing === null && client === undefined) {
      throw badRequest(createMessages.clientRequired, { client: createMessages.clientRequired });
    }
    if (
      existing !== null &&
      !(await clients.isVisible(user.userId, user.tier === 'SUPPORT', existing))
    ) {
      throw notFound(createMessages.clientNotFound);
    }
    const imageFileRef = await pictures.attachableRef(
      user,
      client?.imageFileRef,
      'client.imageFileRef',
    );
    const siteId = randomUUID();
    await clients.database.transaction(async (tx) => {
      let clientId = existing;
      if (clientId === null && client !== undefined) {
        clientId = randomUUID();
        await clients.insert(
          tx,
          {
            id: clientId,
            firstName: client.firstName,
            lastName: orNull(client.lastName),
            company: orNull(client.company),
            email: client.email,
            phone: client.phone,
            phone2: orNull(client.phone2),
            address: orNull(client.address),
            address2: orNull(client.address2),
            city: orNull(client.city),
            postalCode: orNull(client.postalCode),
            region: orNull(client.region),
            country: orNull(client.country),
            imageFileRef,
          },
          randomUUID(),
          user.userId,
        );
      }
      const primeContactId =
        clientId === null ? null : await clients.primaryContactId(tx, clientId);
      const now = clock.now();
      await tx.insert(locations).values({
        id: siteId,
        name: location.name,
        clientId,
        primeContactId,
        address: orNull(location.address),
        address2: orNull(location.address2),
        city: orNull(location.city),
        postalCode: orNull(location.postalCode),
        region: orNull(location.region),
        country: orNull(location.country),
        dst: location.dst === 'yes',
        timezone: location.timezone,
        viewpref: location.viewpref,
        installDate: installDate(location),
        groupId,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(permissions).values({ userId: user.userId, siteId, permLvl: 'owner' });
      if (groupId !== null) await tx.insert(adminGroupLocations).values({ groupId, siteId });
    });
    return { status: 'success' as const, siteId };
  };
  calls.implement(callTable.locationCreate, {
    addLocationAndClient: ({ auth, input }) => create(auth.user, input),
  });
}
