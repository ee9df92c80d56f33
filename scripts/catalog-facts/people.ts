import {
  NOT_DOCUMENTED,
  dartmouthCopy,
  helpPage,
  perIp,
  perOrganization,
  type AreaFacts,
} from './operation-facts.ts';

/** Signing in, people and what they belong to: groups, roles, resource pools, bulk user management. */
export const PEOPLE_FACTS: AreaFacts[] = [
  {
    area: 'Auth',
    page: helpPage('Auth'),
    operations: {
      'POST /api/auth': {
        summary: 'Sign in with a user name and password and get a bearer token',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'GET /api/auth/getuser': {
        summary: 'Read the signed-in user of the bearer token',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/auth/login': {
        summary: 'Sign in with a user name and password (same as /api/auth)',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/auth/loginadmin': {
        summary: 'Sign in as the organization’s admin service account with its BEID and key',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/auth/loginsso': {
        summary: 'Sign in through the organization’s single sign-on in a browser',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'People',
    page: helpPage('People'),
    operations: {
      'POST /api/people': {
        summary: 'Create a person: a user or a customer',
        effect: 'write',
        limit: perIp(45, 60),
        confirmedBy: 'dindoliboon/teamdynamix-psclient lib/apis/people.ps1 (2016)',
      },
      'GET /api/people/{uid}': {
        summary: 'Read one person in full, with applications, groups and custom attributes',
        effect: 'read',
        limit: perIp(60, 60),
        confirmedBy: 'clstr/TeamDynamixLib TeamDynamixLib/People/PeopleLib.cs (2021)',
      },
      // The edit takes the whole record type and clears what the body leaves out; the PATCH beside it changes fields.
      'POST /api/people/{uid}': {
        summary: 'Edit a person by sending the whole record (fields left out are cleared)',
        effect: 'write',
        limit: perIp(45, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/people.ps1 (2016)',
        confirmedBy: 'clstr/TeamDynamixLib TeamDynamixLib/People/PeopleLib.cs (2021)',
        replacesWhole: true,
        patch: 'PATCH /api/people/{uid}',
      },
      'PATCH /api/people/{uid}': {
        summary: 'Change some fields of a person with a JSON Patch',
        effect: 'write',
        limit: perIp(45, 60),
        source: dartmouthCopy('People'),
        body: 'json-patch',
      },
      'GET /api/people/{uid}/functionalroles': {
        summary: 'List the functional roles of a person',
        effect: 'read',
        limit: perIp(180, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/people.ps1 (2016)',
        confirmedBy: 'clstr/TeamDynamixLib TeamDynamixLib/People/PeopleLib.cs (2021)',
      },
      'PUT /api/people/{uid}/functionalroles/{roleId}': {
        summary: 'Give a person a functional role',
        effect: 'write',
        limit: perIp(180, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/people.ps1 (2016)',
      },
      'DELETE /api/people/{uid}/functionalroles/{roleId}': {
        summary: 'Take a functional role away from a person',
        effect: 'write',
        limit: perIp(180, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/people.ps1 (2016)',
      },
      'GET /api/people/{uid}/groups': {
        summary: 'List the groups a person belongs to',
        effect: 'read',
        limit: perIp(180, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/people.ps1 (2016)',
      },
      'POST /api/people/{uid}/groups': {
        summary: 'Put a person in several groups at once',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/people/{uid}/groups/{groupID}': {
        summary: 'Put a person in a group, or change the membership',
        effect: 'write',
        limit: perIp(180, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/people.ps1 (2016)',
      },
      'DELETE /api/people/{uid}/groups/{groupID}': {
        summary: 'Take a person out of a group',
        effect: 'write',
        limit: perIp(180, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/people.ps1 (2016)',
      },
      'PUT /api/people/{uid}/isactive': {
        summary: 'Activate or deactivate a person',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/people/getuid/{username}': {
        summary: 'Find the UID of a person from the user name',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/people/import': {
        summary: 'Create or update people from an uploaded spreadsheet',
        effect: 'write',
        limit: perIp(10, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/people.ps1 (2016)',
      },
      // clstr/TeamDynamixLib (2021) documents 75 calls every 10 seconds for this method; no copy of today's help page
      // was readable, so the psclient figure stands, the one the help is reported to state.
      'GET /api/people/lookup': {
        summary: 'Quick restricted people lookup by name, user name or e-mail',
        effect: 'read',
        limit: perIp(10, 1),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/people.ps1 (2016)',
      },
      'POST /api/people/search': {
        summary: 'Find people by text, status, account, role or custom attribute',
        effect: 'read',
        limit: perIp(60, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/people.ps1 (2016)',
        body: 'person-search',
      },
      'GET /api/people/userlist': {
        summary: 'Download the list of people, filtered by status and kind',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'User Management',
    page: helpPage('User Management'),
    operations: {
      'POST /api/people/bulk/applydashboard/{templateDashboardId}': {
        summary: 'Give many users a dashboard from a template',
        effect: 'write',
        limit: perOrganization(1, 120),
      },
      'POST /api/people/bulk/applydesktop/{templateDesktopId}': {
        summary: 'Give many users a desktop from a template',
        effect: 'write',
        limit: perOrganization(1, 120),
      },
      'POST /api/people/bulk/changeacctdepts': {
        summary: 'Move many people to another account/department',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/people/bulk/changeactivestatus': {
        summary: 'Activate or deactivate many people at once',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/people/bulk/changeapplications': {
        summary: 'Change the applications of many users at once',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/people/bulk/changeorgapplications': {
        summary: 'Change the platform applications of many users at once',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/people/bulk/changesecurityrole/{securityRoleId}': {
        summary: 'Give many users one security role',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/people/bulk/managegroups': {
        summary: 'Add many people to groups, or remove them, at once',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Group',
    page: helpPage('Group'),
    operations: {
      'POST /api/groups': {
        summary: 'Create a group (admin service account)',
        effect: 'write',
        limit: perIp(45, 60),
      },
      'GET /api/groups/{id}': { summary: 'Read one group', effect: 'read', limit: perIp(60, 60) },
      'PUT /api/groups/{id}': {
        summary: 'Edit a group (admin service account)',
        effect: 'write',
        limit: perIp(45, 60),
      },
      'GET /api/groups/{id}/applications': {
        summary: 'List the platform applications of a group',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/groups/{id}/applications': {
        summary: 'Give a group more platform applications',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/groups/{id}/applications': {
        summary: 'Take platform applications away from a group',
        effect: 'write',
        limit: perIp(45, 60),
        source: dartmouthCopy('Group'),
      },
      'GET /api/groups/{id}/members': {
        summary: 'List the members of a group',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/groups/{id}/members': {
        summary: 'Add people to a group',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/groups/{id}/members': {
        summary: 'Remove people from a group',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/groups/search': {
        summary: 'Find groups by name, status or application',
        effect: 'read',
        limit: perIp(60, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/groups.ps1 (2016)',
        body: 'group-search',
      },
    },
  },
  {
    area: 'Functional Roles',
    page: helpPage('Functional Roles'),
    operations: {
      'POST /api/functionalroles': {
        summary: 'Create a functional role (admin service account)',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'PUT /api/functionalroles/{id}': {
        summary: 'Edit a functional role (admin service account)',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'POST /api/functionalroles/search': {
        summary: 'Find functional roles',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Security Roles',
    page: helpPage('Security Roles'),
    operations: {
      'POST /api/securityroles': {
        summary: 'Create a security role (admin service account)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/securityroles/{id}': {
        summary: 'Read one security role with its permissions',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'PUT /api/securityroles/{id}': {
        summary: 'Edit a security role (admin service account)',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/securityroles/permissions': {
        summary: 'List the permissions an application offers to security roles',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/securityroles/search': {
        summary: 'Find security roles',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Resource Pools',
    page: helpPage('Resource Pools'),
    operations: {
      'POST /api/resourcepools': {
        summary: 'Create a resource pool (admin service account)',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'PUT /api/resourcepools/{id}': {
        summary: 'Edit a resource pool (admin service account)',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'POST /api/resourcepools/search': {
        summary: 'Find resource pools',
        effect: 'read',
        limit: perIp(60, 60),
      },
    },
  },
];
