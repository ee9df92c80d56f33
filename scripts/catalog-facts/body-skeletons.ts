import type { BodyKind, BodySkeleton } from '../../contract/catalog/catalog-entry.ts';
import { PRODUCTION_BASE } from '../../contract/web-api/bases.ts';

interface SourcedSkeleton extends Omit<BodySkeleton, 'kind'> {
  /** The help's page for the type, where its required fields are marked. */
  source: string;
}

const typePage = (type: string) =>
  `https://solutions.teamdynamix.com${PRODUCTION_BASE}/Home/type/TeamDynamix.Api.${type}`;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * A body to start from for the common request types, with the fields the service requires. A search's fields are
 * all filters that may be left out, so a search skeleton requires nothing.
 */
export const BODY_SKELETONS: Record<BodyKind, SourcedSkeleton> = {
  ticket: {
    text: json({
      TypeID: 0,
      Title: '',
      AccountID: 0,
      StatusID: 0,
      PriorityID: 0,
      RequestorUid: '',
      Description: '',
      Attributes: [],
    }),
    required: ['TypeID', 'Title'],
    note: 'An edit also needs PriorityID and RequestorUid, and sends the whole ticket: fields left out are cleared.',
    source: typePage('Tickets.Ticket'),
  },
  'ticket-search': {
    text: json({ SearchText: '', StatusIDs: [], CreatedDateFrom: null, MaxResults: 25 }),
    required: [],
    source: typePage('Tickets.TicketSearch'),
  },
  'person-search': {
    text: json({ SearchText: '', IsActive: true, IsEmployee: null, AccountIDs: [], MaxResults: 25 }),
    required: [],
    source: typePage('Users.UserSearch'),
  },
  asset: {
    text: json({ StatusID: 0, Name: '', SerialNumber: '', ProductModelID: 0, LocationID: 0, Attributes: [] }),
    required: ['StatusID'],
    note: 'Name or SerialNumber must have a value. An edit sends the whole asset: fields left out are cleared.',
    source: typePage('Assets.Asset'),
  },
  'asset-search': {
    text: json({ SearchText: '', StatusIDs: [], ProductModelIDs: [], MaxResults: 25 }),
    required: [],
    source: typePage('Assets.AssetSearch'),
  },
  'group-search': {
    text: json({ NameLike: '', IsActive: true, HasAppID: null }),
    required: [],
    source: typePage('Users.GroupSearch'),
  },
  'account-search': {
    text: json({ SearchText: '', IsActive: true, MaxResults: 25 }),
    required: [],
    source: typePage('Accounts.AccountSearch'),
  },
  'feed-entry': {
    text: json({ Comments: '', NewStatusID: null, Notify: [], IsPrivate: false, IsRichHtml: false }),
    required: [],
    note: 'Leave NewStatusID null to keep the status; Notify takes e-mail addresses.',
    source: typePage('Feed.TicketFeedEntry'),
  },
  'json-patch': {
    text: json([{ op: 'add', path: '/Title', value: '' }]),
    required: ['op', 'path'],
    note: 'Custom attributes are addressed by ID (/attributes/123), not by position; "add" sets a value.',
    source: 'https://www.rfc-editor.org/rfc/rfc6902',
  },
};
