import { describe, expect, it } from 'vitest';
import { buildUserRecord, UNSET_DATE } from './user-record.ts';

const GIVEN = { UID: 'u-1', ReferenceID: 7, BEID: 'b-1', BEIDInt: 3, UserName: 'jdoe', TypeID: 1 } as const;

describe('buildUserRecord', () => {
  it('writes each field that is not set as the real service does, keeping what is given', () => {
    const record = buildUserRecord({ ...GIVEN, MiddleName: 'Q', IsActive: false });
    expect(record).toMatchObject({
      ...GIVEN,
      MiddleName: 'Q',
      IsActive: false,
      IsConfidential: false,
      Nickname: '',
      DefaultAccountID: 0,
      SecurityRoleID: '00000000-0000-0000-0000-000000000000',
      PrimaryClientPortalApplicationID: null,
      Applications: [],
      EndDate: UNSET_DATE,
    });
    expect(Object.keys(record).slice(0, 7)).toEqual([
      'UID',
      'ReferenceID',
      'BEID',
      'BEIDInt',
      'IsActive',
      'IsConfidential',
      'UserName',
    ]);
  });

  it('derives the full name and the alert e-mail when they are not given', () => {
    expect(buildUserRecord({ ...GIVEN, FirstName: 'Jo', PrimaryEmail: 'jo@example.edu' })).toMatchObject({
      FullName: 'Jo',
      AlertEmail: 'jo@example.edu',
    });
    expect(
      buildUserRecord({
        ...GIVEN,
        FirstName: 'Jo',
        LastName: 'Doe',
        FullName: 'J. Doe',
        AlertEmail: 'a@b.c',
      }),
    ).toMatchObject({ FullName: 'J. Doe', AlertEmail: 'a@b.c' });
  });

  it('gives each record lists of its own', () => {
    const one = buildUserRecord(GIVEN);
    one.Applications.push('TDNext');
    expect(buildUserRecord(GIVEN).Applications).toEqual([]);
  });
});
