import type {
  ClientDetails,
  ClientStats,
  ClientsPage,
  ClientContact,
  CreateClient,
  SessionUser,
  SitesPage,
} from '@powerdeck/domain';
import { randomUUID } from 'node:crypto';
import { notFound } from '../../http/errors';
import { PictureAccess } from '../images/picture-access';
import type { LocationsService } from '../locations/locations.service';
import type { CreatorRule } from './creator-rule';
import type { ClientsRepository } from './clients.repository';

export const clientMessages = { notFound: 'Client not found' } as const;

const orNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

/** The clients calls of spec §7: list, counts, details, locations and contacts. */
export class ClientsService {
  constructor(
    private readonly repo: ClientsRepository,
    private readonly locations: LocationsService,
    private readonly creators: CreatorRule,
  ) {}

  private all(user: SessionUser) {
    return user.tier === 'SUPPORT';
  }

  /** 404 for a client the user may not see, so ids cannot be probed. */
  private async requireVisible(user: SessionUser, clientId: string) {
    if (!(await this.repo.isVisible(user.userId, this.all(user), clientId))) {
      throw notFound(clientMessages.notFound);
    }
  }

  async getClients(
    user: SessionUser,
    paging: { pageNo: number; recordsPerPage: number | 'all' },
  ): Promise<ClientsPage> {
    const pageNo = Math.max(1, paging.pageNo);
    const per = paging.recordsPerPage;
    const { rows, total } = await this.repo.page(
      user.userId,
      this.all(user),
      per === 'all' ? null : per,
      per === 'all' ? 0 : (pageNo - 1) * per,
    );
    return {
      records: rows.map((r) => ({ ...r, siteCnt: null, devCnt: null })),
      totalRecords: total,
      pageNo: per === 'all' ? 1 : pageNo,
      recordsPerPage: per === 'all' ? Math.max(1, total) : per,
    };
  }

  /** Counts of visible clients only; ids the user may not see are left out. */
  async stats(user: SessionUser, clientIds: readonly string[]): Promise<ClientStats> {
    const visible: string[] = [];
    for (const id of new Set(clientIds)) {
      if (await this.repo.isVisible(user.userId, this.all(user), id)) visible.push(id);
    }
    return this.repo.stats(user.userId, this.all(user), visible);
  }

  async details(user: SessionUser, clientId: string): Promise<ClientDetails> {
    await this.requireVisible(user, clientId);
    const row = await this.repo.details(clientId);
    if (!row) throw notFound(clientMessages.notFound);
    const [counts] = await this.repo.stats(user.userId, this.all(user), [clientId]);
    return { ...row, siteCnt: counts?.siteCnt ?? 0, devCnt: counts?.devCnt ?? 0 };
  }

  async locationCards(
    user: SessionUser,
    clientId: string,
    paging: { pageNo: number; recordsPerPage: number | 'all' },
  ): Promise<SitesPage> {
    await this.requireVisible(user, clientId);
    return this.locations.getSitesData(user, { ...paging, clientId });
  }

  async contacts(user: SessionUser, clientId: string): Promise<ClientContact[]> {
    await this.requireVisible(user, clientId);
    return this.repo.contacts(clientId);
  }

  async contact(user: SessionUser, contactId: string): Promise<ClientContact> {
    const row = await this.repo.contact(contactId);
    if (!row) throw notFound();
    await this.requireVisible(user, row.clientId);
    return row;
  }

  /** Our clients svc=createClient: the create-client form (spec §5 rules). */
  async create(
    user: SessionUser,
    input: CreateClient & { imageFileRef?: string | undefined },
  ): Promise<ClientDetails> {
    await this.creators.require(user);
    const imageFileRef = await PictureAccess.on(this.repo.database).attachableRef(
      user,
      input.imageFileRef,
      'imageFileRef',
    );
    const id = randomUUID();
    await this.repo.database.transaction((tx) =>
      this.repo.insert(
        tx,
        {
          id,
          firstName: input.clientName,
          lastName: null,
          company: null,
          email: input.clientEmail,
          phone: input.clientPhone,
          phone2: null,
          address: orNull(input.clientAddress1),
          address2: orNull(input.clientAddress2),
          city: orNull(input.clientCity),
          postalCode: orNull(input.clientPostalCode),
          region: orNull(input.clientRegion),
          country: orNull(input.clientCountry),
          imageFileRef,
        },
        randomUUID(),
        user.userId,
      ),
    );
    return this.details(user, id);
  }
}
