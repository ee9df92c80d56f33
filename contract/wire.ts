/**
 * Types of what crosses the wire between the console and the Web API (real or emulated), and between the console
 * and its own server: types, and the few names both sides spell. The contract/ folder is what src/ and server/ share; it imports neither.
 */

/** The error codes of the emulator's JSON error body (the real service's error body is undocumented). */
export type ApiErrorCode =
  | 'bad_request'
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'method_not_allowed'
  | 'not_found'
  /** A Web API endpoint of the catalog (contract/catalog/catalog-data.ts) that the emulator does not implement. */
  | 'not_emulated'
  /** REPLAY_DIR is set and no recording answers this call (its message names the closest ones). */
  | 'not_recorded'
  | 'invalid_credentials'
  | 'account_inactive'
  | 'account_locked'
  | 'invalid_token'
  | 'insufficient_permission'
  | 'rate_limited'
  | 'conflict'
  /** A request that must come from this server's own pages came from another site (SSO sign-out). */
  | 'cross_site_request'
  | SsoErrorCode
  /** The same-origin relay could not get an answer from the tenant: unreachable, timed out, TLS refused, too large. */
  | 'relay_failed'
  /**
   * The relay holds as many answers, or as many of this caller's requests, as it takes at once (503, with
   * Retry-After): try again shortly.
   */
  | 'relay_busy'
  /** The request named a host this server does not answer for (421): a DNS rebinding guard. */
  | 'misdirected_request'
  /** A 503 the emulator's test control scripted (the service down for maintenance or overloaded). */
  | 'service_unavailable'
  | 'internal_error';

/**
 * Why a single sign-on through `loginsso` failed: the `error` of its JSON error body, and of the console's
 * `/sso?error=<code>` when the sign-in was started with `returnTo` (the emulator's extension).
 */
export type SsoErrorCode =
  /** The user cancelled at the identity provider, or it refused them. */
  | 'access_denied'
  /** The state came back missing, unknown, from another browser, used before, or over 10 minutes old. */
  | 'state_invalid'
  /** The identity provider answered an error or could not be reached. */
  | 'provider_error'
  /** The ID token failed validation: signature, issuer, audience, nonce or time. */
  | 'id_token_invalid'
  /** The identity matches no user of the realm. */
  | 'unknown_user'
  /** The identity's user is not active. */
  | 'inactive_user'
  /** The identity's e-mail claim is the match, and the provider did not say it verified that address. */
  | 'email_unverified'
  /** The identity matches more than one user: none of them is picked. */
  | 'ambiguous_user';

/** The answer of `POST /api/auth/logoutsso`, the emulator's own SSO sign-out. */
export interface LogoutSsoAnswer {
  /** Whether this browser had an SSO session, now ended. */
  ended: boolean;
  /** Where to send the browser to end its session at the identity provider too; null when there is no such place. */
  endSessionUrl: string | null;
}

/** Every error the emulator answers has this JSON body. */
export interface ApiErrorBody {
  status: number;
  error: ApiErrorCode;
  message: string;
}

export interface HealthResponse {
  status: 'ok';
  service: string;
  version: string;
  /** Whether this server runs the emulator (`EMULATOR=on`), or serves the console and its relay alone. */
  emulator: boolean;
}

/** The organization of the emulator's own two connections (`/TDWebApi`, `/SBTDWebApi`). */
export const THIS_SERVER_ORGANIZATION = 'this-server';

/** The id of the emulator's production connection, as `ConnectionsAnswer.default` names it. */
export const EMULATOR_CONNECTION = 'emulator';

/** A real tenant that this server relays to under `/relay/<name>/`. */
export interface RelayedTenant {
  /** Lower-case letters, digits and hyphens. */
  name: string;
  /** What people read: the file's `label`, or the name for a `RELAY_TENANTS` entry. */
  label: string;
  /** The same-origin base the console sends requests to: `/relay/<name>`. */
  base: string;
  /** The tenant's own base URL, e.g. https://acme.teamdynamix.com/TDWebApi. */
  upstream: string;
  /**
   * Connections with the same organization share an admin key (BEID + WebServicesKey); the key is tested only
   * across them. The file's `organization`, else the upstream's host (production and sandbox share a host).
   */
  organization: string;
}

/** `GET /relay`: what the console offers, learned at run time so that one build serves any organization. */
export interface ConnectionsAnswer {
  /** Whether the emulator's own connections ("This server (emulator)") are offered. */
  emulator: boolean;
  /** The connection preselected for a browser that has not chosen one: `EMULATOR_CONNECTION` or a tenant's name. */
  default: string;
  tenants: RelayedTenant[];
}

/**
 * The id of the element in which the server writes its `ConnectionsAnswer` into the console's index.html: a JSON
 * data block (`<script type="application/json">`), which the browser does not run.
 */
export const CONNECTIONS_ELEMENT_ID = 'connections';

/** An organization application as it appears in `User.OrgApplications`. */
export interface OrgApplication {
  ID: number;
  Name: string;
  Description: string;
  SystemClass: string;
  IsDefault: boolean;
  IsActive: boolean;
  SecurityRoleId: string;
  SecurityRoleName: string;
  IsAdministrator: boolean;
}

interface CustomAttribute {
  ID: number;
  Name: string;
  Value: string;
  ValueText: string;
}

/** `TypeID` of a User: 0 None, 1 User, 2 Customer, 8 Resource placeholder, 9 Service account. */
type UserTypeId = 0 | 1 | 2 | 8 | 9;

/**
 * The `TypeID` of a service account, such as an organization's admin account: it signs in with its key only, never
 * by password or single sign-on, and People lookup does not list it.
 */
export const SERVICE_ACCOUNT_TYPE_ID = 9 satisfies UserTypeId;

/** The User record as `GET /api/auth/getuser` and the People endpoints answer it. */
export interface UserRecord {
  UID: string;
  ReferenceID: number;
  BEID: string;
  BEIDInt: number;
  IsActive: boolean;
  IsConfidential: boolean;
  UserName: string;
  FullName: string;
  FirstName: string;
  LastName: string;
  MiddleName: string;
  Salutation: string;
  Nickname: string;
  DefaultAccountID: number;
  DefaultAccountName: string;
  PrimaryEmail: string;
  AlternateEmail: string;
  ExternalID: string;
  AlternateID: string;
  Applications: string[];
  SecurityRoleName: string;
  SecurityRoleID: string;
  Permissions: string[];
  OrgApplications: OrgApplication[];
  PrimaryClientPortalApplicationID: number | null;
  GroupIDs: number[];
  AlertEmail: string;
  ProfileImageFileName: string;
  Company: string;
  Title: string;
  HomePhone: string;
  PrimaryPhone: string;
  WorkPhone: string;
  Pager: string;
  OtherPhone: string;
  MobilePhone: string;
  Fax: string;
  DefaultPriorityID: number;
  DefaultPriorityName: string;
  AboutMe: string;
  WorkAddress: string;
  WorkCity: string;
  WorkState: string;
  WorkZip: string;
  WorkCountry: string;
  HomeAddress: string;
  HomeCity: string;
  HomeState: string;
  HomeZip: string;
  HomeCountry: string;
  LocationID: number;
  LocationName: string;
  LocationRoomID: number;
  LocationRoomName: string;
  DefaultRate: number;
  CostRate: number;
  IsEmployee: boolean;
  WorkableHours: number;
  IsCapacityManaged: boolean;
  ReportTimeAfterDate: string;
  EndDate: string;
  ShouldReportTime: boolean;
  ReportsToUID: string;
  ReportsToFullName: string;
  ResourcePoolID: number;
  ResourcePoolName: string;
  TZID: number;
  TZName: string;
  TypeID: UserTypeId;
  AuthenticationUserName: string;
  AuthenticationProviderID: number | null;
  Attributes: CustomAttribute[];
  IMProvider: string;
  IMHandle: string;
  TechnicianSignature: string;
  ApplyTechnicianSignatureToUpdatesAndComments: boolean;
  ApplyTechnicianSignatureToReplies: boolean;
}
