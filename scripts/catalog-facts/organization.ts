import { NOT_DOCUMENTED, helpPage, perIp, perUser, type AreaFacts } from './operation-facts.ts';

/** The organization’s shared lists and records: accounts, locations, applications, attachments, custom attributes, feed, time, reports, integrations. */
export const ORGANIZATION_FACTS: AreaFacts[] = [
  {
    area: 'Accounts',
    page: helpPage('Accounts'),
    operations: {
      'GET /api/accounts': {
        summary: 'List the active accounts/departments, without their custom attributes',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/accounts': {
        summary: 'Create an account/department',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/accounts/{id}': {
        summary: 'Read one account/department in full',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'PUT /api/accounts/{id}': {
        summary: 'Edit an account/department',
        effect: 'write',
        limit: perIp(60, 60),
        source: '3Bodhi/LSATS_Data_Hub teamdynamix/api/account_api.py (2024-2026)',
      },
      'POST /api/accounts/search': {
        summary: 'Find accounts/departments by name, manager or status',
        effect: 'read',
        limit: perIp(60, 60),
        source: '3Bodhi/LSATS_Data_Hub teamdynamix/api/account_api.py (2024-2026)',
        body: 'account-search',
      },
    },
  },
  {
    area: 'Industries',
    page: helpPage('Industries'),
    operations: {
      'GET /api/industries': {
        summary: 'List the industries accounts can belong to',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/industries': { summary: 'Create an industry', effect: 'write', limit: perIp(60, 60) },
      'PUT /api/industries/{id}': { summary: 'Edit an industry', effect: 'write', limit: perIp(60, 60) },
    },
  },
  {
    area: 'Locations',
    page: helpPage('Locations'),
    operations: {
      'GET /api/locations': {
        summary: 'List the active locations, without rooms or counts',
        effect: 'read',
        limit: perIp(60, 60),
        confirmedBy: 'dindoliboon/teamdynamix-psclient lib/apis/locations.ps1 (2016)',
      },
      'POST /api/locations': {
        summary: 'Create a location',
        effect: 'write',
        limit: perIp(60, 60),
        confirmedBy: 'dindoliboon/teamdynamix-psclient lib/apis/locations.ps1 (2016)',
      },
      'GET /api/locations/{id}': {
        summary: 'Read one location with its rooms',
        effect: 'read',
        limit: perIp(60, 60),
        confirmedBy: 'dindoliboon/teamdynamix-psclient lib/apis/locations.ps1 (2016)',
      },
      'PUT /api/locations/{id}': {
        summary: 'Edit a location',
        effect: 'write',
        limit: perIp(60, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/locations.ps1 (2016)',
      },
      'POST /api/locations/{id}/rooms': {
        summary: 'Add a room to a location',
        effect: 'write',
        limit: perIp(60, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/locations.ps1 (2016)',
      },
      'GET /api/locations/{id}/rooms/{roomId}': {
        summary: 'Read one room of a location',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/locations/{id}/rooms/{roomId}': {
        summary: 'Edit a room of a location',
        effect: 'write',
        limit: perIp(60, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/locations.ps1 (2016)',
      },
      'DELETE /api/locations/{id}/rooms/{roomId}': {
        summary: 'Delete a room of a location',
        effect: 'write',
        limit: perIp(60, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/locations.ps1 (2016)',
      },
      'POST /api/locations/search': {
        summary: 'Find locations by name, room or status',
        effect: 'read',
        limit: perIp(60, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/locations.ps1 (2016)',
      },
    },
  },
  {
    area: 'Applications',
    page: helpPage('Applications'),
    operations: {
      'GET /api/applications': {
        summary: 'List every application of the organization, standard, platform and external',
        effect: 'read',
        limit: perIp(60, 60),
      },
    },
  },
  {
    area: 'Attachments',
    page: helpPage('Attachments'),
    operations: {
      'GET /api/attachments/{id}': {
        summary: 'Read the details of one attachment',
        effect: 'read',
        limit: perIp(60, 60),
        confirmedBy: 'dindoliboon/teamdynamix-psclient lib/apis/attachments.ps1 (2016)',
      },
      'DELETE /api/attachments/{id}': {
        summary: 'Delete an attachment for good',
        effect: 'write',
        limit: perIp(60, 60),
        confirmedBy: 'dindoliboon/teamdynamix-psclient lib/apis/attachments.ps1 (2016)',
      },
      'GET /api/attachments/{id}/content': {
        summary: 'Download the file of an attachment',
        effect: 'read',
        limit: perIp(60, 60),
        confirmedBy: 'dindoliboon/teamdynamix-psclient lib/apis/attachments.ps1 (2016)',
      },
      'GET /api/attachments/{id}/contentBase64': {
        summary: 'Download the file of an attachment as base64 text',
        effect: 'read',
        limit: perIp(60, 60),
      },
    },
  },
  {
    area: 'Attributes',
    page: helpPage('Attributes'),
    operations: {
      'GET /api/attributes/{id}/choices': {
        summary: 'List the choices of a custom attribute',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/attributes/{id}/choices': {
        summary: 'Add a choice to a custom attribute',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/attributes/{id}/choices/{choiceId}': {
        summary: 'Edit a choice of a custom attribute',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/attributes/{id}/choices/{choiceId}': {
        summary: 'Remove a choice from a custom attribute',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/attributes/custom': {
        summary: 'List the custom attributes of one component, such as assets or people',
        effect: 'read',
        limit: perIp(60, 60),
        source: 'dindoliboon/teamdynamix-psclient lib/apis/attributes.ps1 (2016)',
      },
    },
  },
  {
    area: 'Days Off',
    page: helpPage('Days Off'),
    operations: {
      'GET /api/daysoff': {
        summary: 'List the organization’s days off',
        effect: 'read',
        limit: perIp(60, 60),
      },
    },
  },
  {
    area: 'Feed',
    page: helpPage('Feed'),
    operations: {
      'GET /api/feed/{id}': {
        summary: 'Read one feed entry with its replies and likes',
        effect: 'read',
        limit: perIp(60, 60),
      },
    },
  },
  {
    area: 'Type Categories',
    page: helpPage('Type Categories'),
    operations: {
      'GET /api/typecategories': {
        summary: 'List the type categories',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/typecategories': {
        summary: 'Create a type category (admin service account)',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/typecategories/{id}': {
        summary: 'Read one type category',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'PUT /api/typecategories/{id}': {
        summary: 'Edit a type category (admin service account)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Integrations',
    page: helpPage('Integrations'),
    operations: {
      'POST /api/integrations/{integrationId}/exclude/asset/{assetId}': {
        summary: 'Keep an integration from syncing one asset',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/integrations/{integrationId}/exclude/asset/{assetId}': {
        summary: 'Let an integration sync an excluded asset again',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/integrations/{integrationId}/exclude/assets': {
        summary: 'Keep an integration from syncing several assets',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/integrations/{integrationId}/exclusions': {
        summary: 'List the assets an integration leaves alone',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Integrations Webhook',
    page: helpPage('Integrations Webhook'),
    operations: {
      'POST /api/integrations/webhook': {
        summary: 'Deliver an event to an integration’s webhook with its token',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Time',
    page: helpPage('Time'),
    operations: {
      'POST /api/time': {
        summary: 'Create or update time entries in bulk',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/{id}': { summary: 'Read one time entry', effect: 'read', limit: NOT_DOCUMENTED },
      'PUT /api/time/{id}': { summary: 'Edit a time entry', effect: 'write', limit: NOT_DOCUMENTED },
      'DELETE /api/time/{id}': { summary: 'Delete a time entry', effect: 'write', limit: NOT_DOCUMENTED },
      'POST /api/time/delete': {
        summary: 'Delete many time entries at once',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/locked': {
        summary: 'List the locked days in a date range',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/report/{reportDate}': {
        summary: 'Read your own time report for the week of a date',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/report/{reportDate}/{uid}': {
        summary: 'Read a person’s time report for the week of a date',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/time/search': {
        summary: 'Find time entries by person, dates, type or status',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/types': { summary: 'List the time types', effect: 'read', limit: NOT_DOCUMENTED },
      'GET /api/time/types/{id}': { summary: 'Read one time type', effect: 'read', limit: NOT_DOCUMENTED },
      'GET /api/time/types/{id}/limits/{uid}': {
        summary: 'Read how much of a limited time type a person has left',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/types/component/app/{appID}/ticket/{ticketID}': {
        summary: 'List the time types allowed on a ticket',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/time/types/component/app/{appID}/ticket/{ticketID}': {
        summary: 'Set the time types allowed on a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/time/types/component/app/{appID}/ticket/{ticketID}': {
        summary: 'Clear the time types of a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/types/component/app/{appID}/ticket/{ticketID}/task/{taskID}': {
        summary: 'List the time types allowed on a ticket task',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/types/component/project/{projectID}': {
        summary: 'List the time types allowed on a project',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/types/component/project/{projectID}/issue/{issueID}': {
        summary: 'List the time types allowed on a project issue',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/types/component/project/{projectID}/plan/{planID}/task/{taskID}': {
        summary: 'List the time types allowed on a project task',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/types/component/request/{requestID}': {
        summary: 'List the time types allowed on a project request',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/types/component/timeoff/{projectID}': {
        summary: 'List the time types allowed on a time-off project',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/time/types/component/workspace/{workspaceID}': {
        summary: 'List the time types allowed on a workspace',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Reports',
    page: helpPage('Reports'),
    operations: {
      // The only limits per user: the client repeats the help's remarks for each method, and its Accounts figures
      // match Dartmouth's copy of the help method for method.
      'GET /api/reports': {
        summary: 'List the reports you can run',
        effect: 'read',
        limit: perUser(45, 60),
        source: '3Bodhi/LSATS_Data_Hub teamdynamix/api/report_api.py (2025-2026)',
      },
      'GET /api/reports/{id}': {
        summary: 'Read a report, and its data when asked',
        effect: 'read',
        limit: perUser(30, 60),
        source: '3Bodhi/LSATS_Data_Hub teamdynamix/api/report_api.py (2025-2026)',
      },
      'POST /api/reports/search': {
        summary: 'Find reports by name, owner or source',
        effect: 'read',
        limit: perUser(45, 60),
        source: '3Bodhi/LSATS_Data_Hub teamdynamix/api/report_api.py (2025-2026)',
      },
    },
  },
];
