import { NOT_DOCUMENTED, helpPage, perIp, type AreaFacts } from './operation-facts.ts';

/** The knowledge base and the service catalog. */
export const SERVICE_FACTS: AreaFacts[] = [
  {
    area: 'Knowledge Base',
    page: helpPage('Knowledge Base'),
    operations: {
      'POST /api/{appId}/knowledgebase': {
        summary: 'Create a knowledge article',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/knowledgebase/{id}': {
        summary: 'Read one knowledge article',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/knowledgebase/{id}': {
        summary: 'Edit a knowledge article',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/knowledgebase/{id}': {
        summary: 'Delete a knowledge article for good',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/knowledgebase/{id}/assetscis': {
        summary: 'List the assets and configuration items linked to an article',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/knowledgebase/{id}/attachments': {
        summary: 'Upload a file to a knowledge article (multipart form data)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/knowledgebase/{id}/related': {
        summary: 'List the articles related to an article',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/knowledgebase/{id}/related/{relatedArticleId}': {
        summary: 'Relate two knowledge articles',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/knowledgebase/{id}/related/{relatedArticleId}': {
        summary: 'Unrelate two knowledge articles',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/knowledgebase/categories': {
        summary: 'List the knowledge base categories',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/knowledgebase/categories': {
        summary: 'Create a knowledge base category',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/knowledgebase/categories/{id}': {
        summary: 'Read one knowledge base category',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/knowledgebase/categories/{id}': {
        summary: 'Edit a knowledge base category',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/knowledgebase/categories/{id}': {
        summary: 'Delete a knowledge base category',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/knowledgebase/search': {
        summary: 'Find knowledge articles by text, category or status',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Service Catalog',
    page: helpPage('Service Catalog'),
    operations: {
      'GET /api/{appId}/services': {
        summary: 'List the services you can see, without their offerings',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/{appId}/services': {
        summary: 'Create a service',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/{appId}/services/{id}': {
        summary: 'Read one service in full',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/services/{id}': { summary: 'Edit a service', effect: 'write', limit: NOT_DOCUMENTED },
      'DELETE /api/{appId}/services/{id}': {
        summary: 'Delete a service',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/services/{id}/attachments': {
        summary: 'Upload a file to a service (multipart form data)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/services/{id}/permissions': {
        summary: 'Read who may see and request a service',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/services/{id}/permissions': {
        summary: 'Change who may see and request a service',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/services/{id}/relatedarticles': {
        summary: 'List the knowledge articles related to a service',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/services/{id}/relatedarticles/{relatedArticleId}': {
        summary: 'Relate a knowledge article to a service',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/services/{id}/relatedarticles/{relatedArticleId}': {
        summary: 'Unrelate a knowledge article from a service',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/services/{serviceId}/offerings': {
        summary: 'Create an offering of a service',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/services/{serviceId}/offerings/{id}': {
        summary: 'Read one service offering',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/services/{serviceId}/offerings/{id}': {
        summary: 'Edit a service offering',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/services/{serviceId}/offerings/{id}': {
        summary: 'Delete a service offering',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/services/{serviceId}/offerings/{id}/attachments': {
        summary: 'Upload a file to a service offering (multipart form data)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/services/{serviceId}/offerings/{id}/relatedarticles': {
        summary: 'List the knowledge articles related to an offering',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/services/{serviceId}/offerings/{id}/relatedarticles/{relatedArticleId}': {
        summary: 'Relate a knowledge article to an offering',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/services/{serviceId}/offerings/{id}/relatedarticles/{relatedArticleId}': {
        summary: 'Unrelate a knowledge article from an offering',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/services/categories': {
        summary: 'List the service categories',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/services/categories': {
        summary: 'Create a service category',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/services/categories/{id}': {
        summary: 'Read one service category',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/services/categories/{id}': {
        summary: 'Edit a service category',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/{appId}/services/categories/{id}': {
        summary: 'Delete a service category',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/services/categories/{id}/permissions': {
        summary: 'Read who may see a service category',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/{appId}/services/categories/{id}/permissions': {
        summary: 'Change who may see a service category',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/{appId}/services/icons': {
        summary: 'List the icons a service or category can show',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/services/offerings/search': {
        summary: 'Find service offerings',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/{appId}/services/search': {
        summary: 'Find services by text, category or status',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
];
