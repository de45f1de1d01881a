import {
  type GroupCandidates,
  type GroupDetails,
  type GroupInput,
  type GroupsPage,
  type SessionUser,
  canCreateGroup,
  groupMessages,
  permissionMessages,
} from '@powerdeck/domain';
import { randomUUID } from 'node:crypto';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { GroupRow, GroupsRepository } from './groups.repository';

const isAdminOrOwner = (permLvl: string) => canCreateGroup([{ permLvl }]);

/**
 * Admin groups (spec §4, §6): creating needs admin or owner somewhere; a group may hold only
 * locations where the caller is admin or owner, and existing users; only its creator (or the
 * SUPPORT tier) changes or deletes it; members may view it.
 */
export class GroupsService {
  constructor(private readonly repo: GroupsRepository) {}

  async list(user: SessionUser, pageNo: number, recordsPerPage: number): Promise<GroupsPage> {
    const page = Math.max(1, pageNo);
    const { rows, total } = await this.repo.listForUser(
      user.userId,
      recordsPerPage,
      (page - 1) * recordsPerPage,
    );
    return {
      records: rows.map((r) => ({ ...r, canEdit: this.canChange(user, r) })),
      totalRecords: total,
      pageNo: page,
      recordsPerPage,
    };
  }

  async candidates(user: SessionUser): Promise<GroupCandidates> {
    const levels = await this.repo.levelsOf(user.userId, user.tier === 'SUPPORT');
    const manageable = levels.filter((l) => isAdminOrOwner(l.permLvl));
    return {
      locations: manageable,
      users: await this.repo.peopleAt(
        manageable.map((l) => l.siteId),
        [user.userId],
      ),
    };
  }

  async details(user: SessionUser, id: string): Promise<GroupDetails> {
    const group = await this.requireGroup(id);
    if (!this.canChange(user, group) && !(await this.repo.isMember(id, user.userId))) {
      throw notFound('Group not found.');
    }
    return {
      id: group.id,
      groupName: group.groupName,
      createdBy: group.createdBy,
      canEdit: this.canChange(user, group),
      locations: await this.repo.locationsOf(id),
      users: await this.repo.usersOf(id),
    };
  }

  async create(user: SessionUser, input: GroupInput): Promise<{ id: string }> {
    const id = randomUUID();
    await this.checkMembers(user, input, []);
    await this.repo.save({ id, createdBy: user.userId, ...this.normalise(input) }, true);
    return { id };
  }

  async edit(user: SessionUser, id: string, input: GroupInput): Promise<{ id: string }> {
    const group = await this.requireGroup(id);
    if (!this.canChange(user, group)) throw forbidden(groupMessages.notYourGroup);
    const members = (await this.repo.usersOf(id)).map((u) => u.id);
    await this.checkMembers(user, input, members);
    await this.repo.save({ id, createdBy: group.createdBy, ...this.normalise(input) }, false);
    return { id };
  }

  async delete(user: SessionUser, id: string): Promise<{ id: string }> {
    const group = await this.requireGroup(id);
    if (!this.canChange(user, group)) throw forbidden(groupMessages.notYourGroup);
    await this.repo.delete(id);
    return { id };
  }

  private normalise(input: GroupInput) {
    return {
      groupName: input.groupName,
      locations: [...new Set(input.locations)],
      users: [...new Set(input.users)],
    };
  }

  /**
   * Locations must be ones the caller manages; users must be people the caller may pick (the
   * candidates: people at those locations), the caller, or members the group already has. Any
   * other id answers as unknown, so the call tells nothing about accounts the caller cannot see.
   */
  private async checkMembers(
    user: SessionUser,
    input: GroupInput,
    currentMembers: readonly string[],
  ): Promise<void> {
    const levels = await this.repo.levelsOf(user.userId, user.tier === 'SUPPORT');
    if (!canCreateGroup(levels)) throw forbidden(permissionMessages.noPermissionAnyLocation);
    const manageable = new Set(
      levels.filter((l) => isAdminOrOwner(l.permLvl)).map((l) => l.siteId),
    );
    if (input.locations.some((siteId) => !manageable.has(siteId))) {
      throw forbidden(groupMessages.notYourLocation);
    }
    const pickable = new Set(
      (await this.repo.peopleAt([...manageable], [user.userId, ...currentMembers])).map(
        (u) => u.id,
      ),
    );
    if (input.users.some((id) => !pickable.has(id))) {
      throw badRequest(groupMessages.unknownUsers, { users: groupMessages.unknownUsers });
    }
  }

  private canChange(user: SessionUser, group: Pick<GroupRow, 'createdBy'>): boolean {
    return group.createdBy === user.userId || user.tier === 'SUPPORT';
  }

  private async requireGroup(id: string): Promise<GroupRow> {
    const group = await this.repo.find(id);
    if (!group) throw notFound('Group not found.');
    return group;
  }
}
