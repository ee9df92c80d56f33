/**
 * What the claims TeamDynamix adds to its tokens mean, as far as is known: the service does not document them, so
 * the inspector says what they hold and where the emulator takes them from.
 */
export const CLAIM_MEANINGS: Readonly<Record<string, string>> = {
  tdx_entity:
    'TeamDynamix’s number for the organization (entity) that issued the token, as digits. Undocumented by ' +
    'TeamDynamix; BEID stands for Business Entity ID, and the emulator gives the organization’s BEIDInt unless its ' +
    'realm says otherwise.',
  tdx_partition:
    'TeamDynamix’s number for the partition of its service that holds the organization, as digits. Undocumented ' +
    'by TeamDynamix; the emulator gives "1" unless its realm says otherwise.',
};
