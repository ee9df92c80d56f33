import { describe, expect, it } from 'vitest';
import { orgApplicationsFor, organizationApplications } from './applications.ts';

const ROLE = { id: '00000000-0000-0000-0000-000000000000', name: '' };
const summary = (systemClasses: string[], own = organizationApplications([])) =>
  orgApplicationsFor(own, systemClasses, [], ROLE).map(({ ID, Name, SystemClass, IsDefault }) => ({
    ID,
    Name,
    SystemClass,
    IsDefault,
  }));

describe('orgApplicationsFor', () => {
  it('lists the organization’s own application of a class, else the default, else one named after the class', () => {
    const own = organizationApplications([{ ID: 60, Name: 'Campus Projects', SystemClass: 'TDProjects' }]);
    expect(summary(['TDProjects', 'TDPeople', 'TDWorkManagement'], own)).toMatchObject([
      { ID: 60, Name: 'Campus Projects', SystemClass: 'TDProjects', IsDefault: true },
      { ID: 1, Name: 'People', SystemClass: 'TDPeople', IsDefault: false },
      { Name: 'WorkManagement', SystemClass: 'TDWorkManagement', IsDefault: false },
    ]);
  });

  it('gives a class it has no default for the same ID every time, clear of the defaults', () => {
    const [first] = summary(['TDProjects']);
    expect(summary(['TDProjects'])).toEqual([first]);
    expect(first!.ID).toBeGreaterThanOrEqual(1000);
    expect(summary(['TDWorkManagement'])[0]!.ID).not.toBe(first!.ID);
  });

  it('reads no property of the object prototype as an application (a class named "constructor")', () => {
    const listed = summary(['constructor', 'toString']);
    expect(listed).toMatchObject([
      { Name: 'constructor', SystemClass: 'constructor', IsDefault: true },
      { Name: 'toString', SystemClass: 'toString', IsDefault: false },
    ]);
    for (const app of listed) expect(Number.isInteger(app.ID)).toBe(true);
  });
});
