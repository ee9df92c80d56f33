import { NOT_DOCUMENTED, dartmouthCopy, helpPage, perIp, type AreaFacts } from './operation-facts.ts';

/** Assets and what describes them: statuses, saved searches, contracts, product models and types, vendors, Intune. */
export const ASSET_FACTS: AreaFacts[] = [
  {
    area: 'Assets',
    page: helpPage('Assets'),
    operations: {
      'POST /api/{appId}/assets': {
        summary: 'Create an asset',
        effect: 'write',
        limit: perIp(60, 60),
        body: 'asset',
      },
      'POST /api/{appId}/assets/{assetId}/users/{resourceID}': {
        summary: 'Add a person as a resource of an asset',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/assets/{assetId}/users/{resourceID}': {
        summary: 'Remove a person from the resources of an asset',
        effect: 'write',
        limit: perIp(60, 60),
        confirmedBy: dartmouthCopy('Assets'),
      },
      'GET /api/{appId}/assets/{id}': {
        summary: 'Read one asset in full, with its custom attributes',
        effect: 'read',
        limit: perIp(60, 60),
        source: dartmouthCopy('Assets'),
      },
      // The edit takes the whole record type and clears what the body leaves out; the PATCH beside it changes fields.
      'POST /api/{appId}/assets/{id}': {
        summary: 'Edit an asset by sending the whole record (fields left out are cleared)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
        replacesWhole: true,
        patch: 'PATCH /api/{appId}/assets/{id}',
        body: 'asset',
      },
      'PATCH /api/{appId}/assets/{id}': {
        summary: 'Change some fields of an asset with a JSON Patch',
        effect: 'write',
        limit: perIp(60, 60),
        source: dartmouthCopy('Assets'),
        body: 'json-patch',
      },
      'DELETE /api/{appId}/assets/{id}': {
        summary: 'Delete an asset for good',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/assets/{id}/articles': {
        summary: 'List the knowledge articles linked to an asset',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/{id}/articles/{articleId}': {
        summary: 'Link a knowledge article to an asset',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/assets/{id}/articles/{articleId}': {
        summary: 'Unlink a knowledge article from an asset',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/assets/{id}/associatedcontracts': {
        summary: 'List the contracts an asset is covered by',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/{id}/associatedcontracts/{contractId}': {
        summary: 'Put an asset under a contract',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/assets/{id}/associatedcontracts/{contractId}': {
        summary: 'Change the dates of an asset on a contract',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/assets/{id}/associatedcontracts/{contractId}': {
        summary: 'Take an asset off a contract',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/{id}/attachments': {
        summary: 'Upload a file to an asset (multipart form data)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/assets/{id}/feed': {
        summary: 'Read the comments and change history of an asset',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/{id}/feed': {
        summary: 'Add a comment to an asset',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/{id}/tickets/{ticketId}': {
        summary: 'Link a ticket to an asset',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/assets/{id}/tickets/{ticketId}': {
        summary: 'Unlink a ticket from an asset',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/assets/{id}/users': {
        summary: 'List the people who are resources of an asset',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/assets/feed': {
        summary: 'Read the recent comments and changes across all assets',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/assets/forms': {
        summary: 'List the asset forms you may use',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/import': {
        summary: 'Create or update many assets from one import request',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/search': {
        summary: 'Find assets by text, status, model, owner or custom attribute',
        effect: 'read',
        limit: NOT_DOCUMENTED,
        body: 'asset-search',
      },
    },
  },
  {
    area: 'Asset Statuses',
    page: helpPage('Asset Statuses'),
    operations: {
      'GET /api/{appId}/assets/statuses': {
        summary: 'List the asset statuses',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/assets/statuses': {
        summary: 'Create an asset status (application administrators)',
        effect: 'write',
        limit: perIp(60, 10),
      },
      'GET /api/{appId}/assets/statuses/{id}': {
        summary: 'Read one asset status',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/assets/statuses/{id}': {
        summary: 'Edit an asset status',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/statuses/search': {
        summary: 'Find asset statuses by text, active or out-of-service state',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Asset Reports',
    page: helpPage('Asset Reports'),
    operations: {
      'GET /api/{appId}/assets/searches': {
        summary: 'List the saved asset searches you can see',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/assets/searches/{searchId}/results': {
        summary: 'Run a saved asset search and return one page of assets',
        effect: 'read',
        limit: perIp(60, 60),
      },
    },
  },
  {
    area: 'Contracts',
    page: helpPage('Contracts'),
    operations: {
      'POST /api/{appId}/assets/contracts': {
        summary: 'Create a contract',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/assets/contracts/{id}': {
        summary: 'Read one contract',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'PUT /api/{appId}/assets/contracts/{id}': {
        summary: 'Edit a contract',
        effect: 'write',
        limit: perIp(60, 60),
        source: dartmouthCopy('Contracts'),
      },
      'GET /api/{appId}/assets/contracts/{id}/associatedassets': {
        summary: 'List the assets a contract covers',
        effect: 'read',
        limit: perIp(60, 60),
        source: dartmouthCopy('Contracts'),
      },
      'POST /api/{appId}/assets/contracts/{id}/associatedassets/{assetId}': {
        summary: 'Add an asset to a contract',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/assets/contracts/{id}/associatedassets/{assetId}': {
        summary: 'Change the dates of an asset on a contract',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/assets/contracts/{id}/associatedassets/{assetId}': {
        summary: 'Remove an asset from a contract',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/contracts/{id}/attachments': {
        summary: 'Upload a file to a contract (multipart form data)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/contracts/search': {
        summary: 'Find contracts',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Product Models',
    page: helpPage('Product Models'),
    operations: {
      'GET /api/{appId}/assets/models': {
        summary: 'List the active product models, without custom attributes',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/assets/models': {
        summary: 'Create a product model',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/assets/models/{id}': {
        summary: 'Read one product model in full',
        effect: 'read',
        limit: perIp(60, 60),
        source: dartmouthCopy('Product Models'),
      },
      'PUT /api/{appId}/assets/models/{id}': {
        summary: 'Edit a product model',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/models/search': {
        summary: 'Find product models',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Product Types',
    page: helpPage('Product Types'),
    operations: {
      'GET /api/{appId}/assets/models/types': {
        summary: 'List the product types as a tree',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/assets/models/types': {
        summary: 'Create a product type',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/assets/models/types/{id}': {
        summary: 'Read one product type',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/assets/models/types/{id}': {
        summary: 'Edit a product type, optionally passing its status down',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/models/types/search': {
        summary: 'Find product types',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Vendors',
    page: helpPage('Vendors'),
    operations: {
      'GET /api/{appId}/assets/vendors': {
        summary: 'List the active vendors, without counts or custom attributes',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/assets/vendors': {
        summary: 'Create a vendor',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/assets/vendors/{id}': {
        summary: 'Read one vendor in full',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/assets/vendors/{id}': {
        summary: 'Edit a vendor',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/assets/vendors/search': {
        summary: 'Find vendors',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Intune Assets',
    page: helpPage('Intune Assets'),
    operations: {
      'PUT /api/{appId}/assets/intune/{assetId}/map': {
        summary: 'Map one asset to its Intune device',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/assets/intune/map': {
        summary: 'Map assets to their Intune devices in bulk',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
    },
  },
];
