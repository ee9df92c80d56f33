import { NOT_DOCUMENTED, dartmouthCopy, helpPage, perIp, type AreaFacts } from './operation-facts.ts';

/** Configuration items, their types and relationships, saved searches and maintenance windows. */
export const CMDB_FACTS: AreaFacts[] = [
  {
    area: 'Configuration Items',
    page: helpPage('Configuration Items'),
    operations: {
      'POST /api/{appId}/cmdb': {
        summary: 'Create a configuration item',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/cmdb/{id}': {
        summary: 'Read one configuration item in full',
        effect: 'read',
        limit: perIp(60, 60),
        source: dartmouthCopy('Configuration Items'),
      },
      'PUT /api/{appId}/cmdb/{id}': {
        summary: 'Edit a configuration item',
        effect: 'write',
        limit: perIp(60, 60),
        source: dartmouthCopy('Configuration Items'),
      },
      'PATCH /api/{appId}/cmdb/{id}': {
        summary: 'Change some fields of a configuration item with a JSON Patch',
        effect: 'write',
        limit: NOT_DOCUMENTED,
        body: 'json-patch',
      },
      'DELETE /api/{appId}/cmdb/{id}': {
        summary: 'Delete a configuration item for good',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/cmdb/{id}/articles': {
        summary: 'List the knowledge articles linked to a configuration item',
        effect: 'read',
        limit: perIp(60, 60),
        source: dartmouthCopy('Configuration Items'),
      },
      'POST /api/{appId}/cmdb/{id}/articles/{articleId}': {
        summary: 'Link a knowledge article to a configuration item',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/cmdb/{id}/articles/{articleId}': {
        summary: 'Unlink a knowledge article from a configuration item',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/cmdb/{id}/attachments': {
        summary: 'Upload a file to a configuration item (multipart form data)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/cmdb/{id}/feed': {
        summary: 'Read the comments and change history of a configuration item',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/cmdb/{id}/feed': {
        summary: 'Add a comment to a configuration item',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/cmdb/{id}/relationships': {
        summary: 'List the relationships of a configuration item',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/cmdb/{id}/relationships': {
        summary: 'Relate a configuration item to another one',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/cmdb/{id}/relationships/{relationshipId}': {
        summary: 'Remove a relationship from a configuration item',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/cmdb/{id}/tickets': {
        summary: 'List the tickets linked to a configuration item',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/cmdb/{id}/tickets/{ticketId}': {
        summary: 'Link a ticket to a configuration item',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/cmdb/{id}/tickets/{ticketId}': {
        summary: 'Unlink a ticket from a configuration item',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/cmdb/forms': {
        summary: 'List the configuration item forms you may use',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/cmdb/relationships/bulkadd': {
        summary: 'Add many configuration item relationships at once',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/cmdb/relationships/bulkdelete': {
        summary: 'Remove many configuration item relationships at once',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/cmdb/search': {
        summary: 'Find configuration items by text, type, owner or custom attribute',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Configuration Item Types',
    page: helpPage('Configuration Item Types'),
    operations: {
      'GET /api/{appId}/cmdb/types': {
        summary: 'List the active configuration item types, system ones included',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/cmdb/types': {
        summary: 'Create a configuration item type',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/cmdb/types/{id}': {
        summary: 'Read one configuration item type',
        effect: 'read',
        limit: perIp(60, 60),
        source: dartmouthCopy('Configuration Item Types'),
      },
      'PUT /api/{appId}/cmdb/types/{id}': {
        summary: 'Edit a configuration item type',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/cmdb/types/search': {
        summary: 'Find configuration item types',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Configuration Item Reports',
    page: helpPage('Configuration Item Reports'),
    operations: {
      'GET /api/{appId}/cmdb/searches': {
        summary: 'List the saved configuration item searches you can see',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/cmdb/searches/{searchId}/results': {
        summary: 'Run a saved configuration item search and return one page',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Configuration Relationship Types',
    page: helpPage('Configuration Relationship Types'),
    operations: {
      'GET /api/{appId}/cmdb/relationshiptypes': {
        summary: 'List the active relationship types between configuration items',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/cmdb/relationshiptypes': {
        summary: 'Create a relationship type',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/cmdb/relationshiptypes/{id}': {
        summary: 'Read one relationship type',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/cmdb/relationshiptypes/{id}': {
        summary: 'Edit a relationship type',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/cmdb/relationshiptypes/search': {
        summary: 'Find relationship types',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Maintenance Schedules',
    page: helpPage('Maintenance Schedules'),
    operations: {
      'GET /api/{appId}/cmdb/maintenanceschedules': {
        summary: 'List the active maintenance windows',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/cmdb/maintenanceschedules/search': {
        summary: 'Find maintenance windows',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/cmdb/maintenancewindows': {
        summary: 'List the active maintenance windows (newer path)',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/cmdb/maintenancewindows': {
        summary: 'Create a maintenance window',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/cmdb/maintenancewindows/{id}': {
        summary: 'Read one maintenance window',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/cmdb/maintenancewindows/{id}': {
        summary: 'Edit a maintenance window',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/cmdb/maintenancewindows/search': {
        summary: 'Find maintenance windows (newer path)',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
];
