import {
  NOT_DOCUMENTED,
  dartmouthCopy,
  helpCopy,
  helpPage,
  perIp,
  type AreaFacts,
} from './operation-facts.ts';

/** Tickets and what they are made of: tasks, statuses, types, priorities, saved searches, blackout windows, maintenance activities. */
export const TICKET_FACTS: AreaFacts[] = [
  {
    area: 'Tickets',
    page: helpPage('Tickets'),
    operations: {
      // Sources disagree: clstr/TeamDynamixLib TeamDynamixLib/Tickets/TicketLib.cs (2021) states 120 calls per IP address
      // every 60 seconds, and Atreyu4EVR/TeamDynamix (2024) limits its own create to 120 per 60 s without quoting the
      // help. The vendor's portal quotes a tenant's help in April 2024 at 30 per 60 s: the vendor's own page, and the
      // most recent, so 30 stands.
      'POST /api/{appId}/tickets': {
        summary: 'Create a ticket',
        effect: 'write',
        limit: perIp(30, 60),
        source: 'https://solutions.teamdynamix.com/TDClient/1965/Portal/Questions/Details/129109',
        body: 'ticket',
      },
      'GET /api/{appId}/tickets/{id}': {
        summary: 'Read one ticket in full, with custom attributes and attachments',
        effect: 'read',
        limit: perIp(60, 60),
        confirmedBy: 'clstr/TeamDynamixLib TeamDynamixLib/Tickets/TicketLib.cs (2021)',
      },
      // The edit takes the whole record type and clears what the body leaves out; the PATCH beside it changes fields.
      'POST /api/{appId}/tickets/{id}': {
        summary: 'Edit a ticket by sending the whole record (fields left out are cleared)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
        replacesWhole: true,
        patch: 'PATCH /api/{appId}/tickets/{id}',
        body: 'ticket',
      },
      'PATCH /api/{appId}/tickets/{id}': {
        summary: 'Change some fields of a ticket with a JSON Patch',
        effect: 'write',
        limit: NOT_DOCUMENTED,
        body: 'json-patch',
      },
      'POST /api/{appId}/tickets/{id}/application': {
        summary: 'Move a ticket to another ticketing application',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/tickets/{id}/assets': {
        summary: 'List the assets and configuration items on a ticket',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/tickets/{id}/assets/{assetId}': {
        summary: 'Put an asset on a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/tickets/{id}/assets/{assetId}': {
        summary: 'Take an asset off a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/{id}/attachments': {
        summary: 'Upload a file to a ticket (multipart form data)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/{id}/children': {
        summary: 'Make tickets children of a parent ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/tickets/{id}/classification': {
        summary: 'Change the classification of a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/tickets/{id}/configurationItems': {
        summary: 'List the configuration items on a ticket',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/{id}/configurationItems/{configurationItemId}': {
        summary: 'Put a configuration item on a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/tickets/{id}/configurationItems/{configurationItemId}': {
        summary: 'Take a configuration item off a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/tickets/{id}/contacts': {
        summary: 'List the contacts of a ticket',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/{id}/contacts/{contactUid}': {
        summary: 'Add a contact to a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/tickets/{id}/contacts/{contactUid}': {
        summary: 'Remove a contact from a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/tickets/{id}/feed': {
        summary: 'Read the comments and history of a ticket',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/{id}/feed': {
        summary: 'Comment on a ticket, optionally changing its status',
        effect: 'write',
        limit: NOT_DOCUMENTED,
        body: 'feed-entry',
      },
      'PUT /api/{appId}/tickets/{id}/sla': {
        summary: 'Set or change the service level agreement of a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/tickets/{id}/sla/delete': {
        summary: 'Remove the service level agreement from a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/{id}/tags': {
        summary: 'Add tags to a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/tickets/{id}/tags': {
        summary: 'Remove tags from a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/tickets/{id}/workflow': {
        summary: 'Read the workflow of a ticket and its steps',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/tickets/{id}/workflow': {
        summary: 'Assign another workflow to a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/tickets/{id}/workflow/actions': {
        summary: 'List the actions you may take on a ticket workflow step',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/{id}/workflow/approve': {
        summary: 'Take an action, such as approve, on a ticket workflow step',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/{id}/workflow/reassign': {
        summary: 'Give a ticket workflow step to another person or group',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/tickets/{sourceId}/attachments/{attachmentId}/copyAttachment': {
        summary: 'Copy an attachment of one ticket to another ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/tickets/feed': {
        summary: 'Read the recent comments and changes across all tickets',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/tickets/forms': {
        summary: 'List the ticket forms you may use',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/tickets/resources': {
        summary: 'Look up people and groups a ticket can be given to',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/tickets/responseTemplates': {
        summary: 'List the response templates for ticket replies',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/search': {
        summary: 'Find tickets by text, status, dates, requestor or responsibility',
        effect: 'read',
        limit: NOT_DOCUMENTED,
        body: 'ticket-search',
      },
    },
  },
  {
    area: 'Ticket Tasks',
    page: helpPage('Ticket Tasks'),
    operations: {
      'GET /api/{appId}/tickets/{ticketId}/tasks': {
        summary: 'List the tasks on a ticket',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/{ticketId}/tasks': {
        summary: 'Add a task to a ticket',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/tickets/{ticketId}/tasks/{id}': {
        summary: 'Read one task of a ticket',
        effect: 'read',
        limit: perIp(60, 60),
        source: dartmouthCopy('Ticket Tasks'),
      },
      'PUT /api/{appId}/tickets/{ticketId}/tasks/{id}': {
        summary: 'Edit a task of a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/tickets/{ticketId}/tasks/{id}': {
        summary: 'Remove a task from a ticket for good',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/tickets/{ticketId}/tasks/{id}/feed': {
        summary: 'Read the comments of a ticket task',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/{ticketId}/tasks/{id}/feed': {
        summary: 'Comment on a ticket task or set its percent complete',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Ticket Statuses',
    page: helpPage('Ticket Statuses'),
    operations: {
      'GET /api/{appId}/tickets/statuses': {
        summary: 'List the active ticket statuses',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/tickets/statuses': {
        summary: 'Create a ticket status (application administrators)',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/tickets/statuses/{id}': {
        summary: 'Read one ticket status',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/tickets/statuses/{id}': {
        summary: 'Edit a ticket status',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/statuses/search': {
        summary: 'Find ticket statuses',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Ticket Types',
    page: helpPage('Ticket Types'),
    operations: {
      'GET /api/{appId}/tickets/types': {
        summary: 'List the ticket types',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/types': {
        summary: 'Create a ticket type (application administrators)',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/tickets/types/{id}': {
        summary: 'Read one ticket type',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'PUT /api/{appId}/tickets/types/{id}': {
        summary: 'Edit a ticket type',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Ticket Impacts',
    page: helpPage('Ticket Impacts'),
    operations: {
      'GET /api/{appId}/tickets/impacts': {
        summary: 'List the active ticket impacts',
        effect: 'read',
        limit: perIp(60, 60),
        confirmedBy: 'clstr/TeamDynamixLib TeamDynamixLib/Tickets/ImpactsLib.cs (2021)',
      },
    },
  },
  {
    area: 'Ticket Priorities',
    page: helpPage('Ticket Priorities'),
    operations: {
      'GET /api/{appId}/tickets/priorities': {
        summary: 'List the active ticket priorities',
        effect: 'read',
        limit: perIp(60, 60),
        confirmedBy: 'clstr/TeamDynamixLib TeamDynamixLib/Tickets/PrioritiesLib.cs (2021)',
      },
    },
  },
  {
    area: 'Ticket Sources',
    page: helpPage('Ticket Sources'),
    operations: {
      'GET /api/{appId}/tickets/sources': {
        summary: 'List the active ticket sources',
        effect: 'read',
        limit: perIp(60, 60),
        confirmedBy: 'clstr/TeamDynamixLib TeamDynamixLib/Tickets/SourcesLib.cs (2021)',
      },
    },
  },
  {
    area: 'Ticket Urgencies',
    page: helpPage('Ticket Urgencies'),
    operations: {
      'GET /api/{appId}/tickets/urgencies': {
        summary: 'List the active ticket urgencies',
        effect: 'read',
        limit: perIp(60, 60),
      },
    },
  },
  {
    area: 'Ticket Reports',
    page: helpPage('Ticket Reports'),
    operations: {
      'GET /api/{appId}/tickets/searches': {
        summary: 'List the saved ticket searches you can see',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/tickets/searches/{searchId}/results': {
        summary: 'Run a saved ticket search and return one page of tickets',
        effect: 'read',
        limit: perIp(60, 60),
      },
    },
  },
  {
    area: 'Blackout Windows',
    page: helpPage('Blackout Windows'),
    operations: {
      'GET /api/{appId}/tickets/blackoutwindows': {
        summary: 'List the active blackout windows',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/tickets/blackoutwindows': {
        summary: 'Create a blackout window',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/tickets/blackoutwindows/{id}': {
        summary: 'Read one blackout window',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/tickets/blackoutwindows/{id}': {
        summary: 'Edit a blackout window',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/blackoutwindows/search': {
        summary: 'Find blackout windows',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Maintenance Activites',
    page: helpPage('Maintenance Activites'),
    operations: {
      'GET /api/{appId}/tickets/{ticketId}/MaintenanceActivities': {
        summary: 'List the maintenance activities on a ticket',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/tickets/{ticketId}/MaintenanceActivities': {
        summary: 'Add a maintenance activity to a ticket',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/tickets/{ticketId}/MaintenanceActivities/{id}': {
        summary: 'Read one maintenance activity of a ticket',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/tickets/{ticketId}/MaintenanceActivities/{id}': {
        summary: 'Update a maintenance activity: comment or percent complete',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/tickets/{ticketId}/MaintenanceActivities/{id}': {
        summary: 'Edit a maintenance activity of a ticket',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/tickets/{ticketId}/MaintenanceActivities/{id}': {
        summary: 'Remove a maintenance activity from a ticket',
        effect: 'write',
        limit: perIp(60, 60),
        source: helpCopy('demotemplate.teamdynamix.com', 'Maintenance Activites'),
      },
      'GET /api/{appId}/tickets/{ticketId}/MaintenanceActivities/{id}/feed': {
        summary: 'Read the comments of a maintenance activity',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
];
