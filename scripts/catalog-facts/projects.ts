import {
  NOT_DOCUMENTED,
  dartmouthCopy,
  helpCopy,
  helpPage,
  perIp,
  type AreaFacts,
} from './operation-facts.ts';

/** Projects and their parts: types, templates, requests, plans, tasks, issues, risks, links, files. */
export const PROJECT_FACTS: AreaFacts[] = [
  {
    area: 'Projects',
    page: helpPage('Projects'),
    operations: {
      'POST /api/projects': { summary: 'Create a project', effect: 'write', limit: NOT_DOCUMENTED },
      'GET /api/projects/{id}': {
        summary: 'Read one project in full',
        effect: 'read',
        limit: perIp(60, 60),
        confirmedBy: dartmouthCopy('Projects'),
      },
      'POST /api/projects/{id}': {
        summary: 'Edit a project',
        effect: 'write',
        limit: perIp(60, 60),
        source: dartmouthCopy('Projects'),
      },
      'PATCH /api/projects/{id}': {
        summary: 'Change some fields of a project with a JSON Patch',
        effect: 'write',
        limit: perIp(60, 60),
        source: helpCopy('helpdesk.grps.org', 'Projects'),
        confirmedBy: dartmouthCopy('Projects'),
        body: 'json-patch',
      },
      'GET /api/projects/{id}/feed': {
        summary: 'Read the comments and history of a project',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{id}/feed': {
        summary: 'Comment on a project',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{id}/resources': {
        summary: 'List the people who work on a project',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{id}/resources/{resourceUid}': {
        summary: 'Add a person to the resources of a project',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/feed': {
        summary: 'Read the recent comments and changes across all projects',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/list': {
        summary: 'Read a brief listing of projects and their plans',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/search': {
        summary: 'Find projects by name, status, manager or dates',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Project Types',
    page: helpPage('Project Types'),
    operations: {
      'GET /api/projects/types': { summary: 'List the project types', effect: 'read', limit: NOT_DOCUMENTED },
      'POST /api/projects/types': { summary: 'Create a project type', effect: 'write', limit: perIp(60, 60) },
      'GET /api/projects/types/{id}': {
        summary: 'Read one project type',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'PUT /api/projects/types/{id}': {
        summary: 'Edit a project type',
        effect: 'write',
        limit: perIp(60, 60),
      },
    },
  },
  {
    area: 'Project Templates',
    page: helpPage('Project Templates'),
    operations: {
      'GET /api/projecttemplates': {
        summary: 'List the project templates you can use',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'GET /api/projecttemplates/{id}/plans': {
        summary: 'List the plans of a project template',
        effect: 'read',
        limit: perIp(60, 60),
      },
    },
  },
  {
    area: 'Project Requests',
    page: helpPage('Project Requests'),
    operations: {
      'POST /api/projectrequests': {
        summary: 'Create a project request',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'POST /api/projectrequests/{id}/submit': {
        summary: 'Submit a project request for review',
        effect: 'write',
        limit: perIp(60, 60),
      },
    },
  },
  {
    area: 'Plans',
    page: helpPage('Plans'),
    operations: {
      'GET /api/projects/{projectId}/boards/{boardId}/lists': {
        summary: 'List the lists of a card wall board',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/projects/{projectId}/plans': {
        summary: 'Create a project plan or card wall board',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/projects/{projectID}/plans/{planID}': {
        summary: 'Read a project plan with its tasks, resources and links',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectId}/plans/{planId}/checkedOutTo': {
        summary: 'Say who has a project plan checked out',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{projectID}/plans/{planID}/drafts/{draftID}': {
        summary: 'Apply the changes of a project plan draft',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectId}/plans/{planId}/feed': {
        summary: 'Read the comments and history of a project plan',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectId}/plans/{planId}/tasks': {
        summary: 'List the tasks of a project plan',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{projectId}/plans/search': {
        summary: 'Find the plans of a project',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Tasks',
    page: helpPage('Tasks'),
    operations: {
      'GET /api/projects/{projectId}/plans/{planId}/tasks/{taskId}': {
        summary: 'Read one task of a project plan',
        effect: 'read',
        limit: perIp(90, 60),
        source: dartmouthCopy('Tasks'),
      },
      'POST /api/projects/{projectId}/plans/{planId}/tasks/{taskId}': {
        summary: 'Update a project task: percent complete or comment',
        effect: 'write',
        limit: perIp(90, 60),
        source: dartmouthCopy('Tasks'),
      },
      'POST /api/projects/{projectId}/plans/{planId}/tasks/{taskId}/comment': {
        summary: 'Comment on a project task',
        effect: 'write',
        limit: perIp(60, 60),
        source: dartmouthCopy('Tasks'),
      },
      'POST /api/projects/{projectId}/plans/{planId}/tasks/{taskId}/edit': {
        summary: 'Edit a project task (the plan must be checked out)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectId}/plans/{planId}/tasks/{taskId}/feed': {
        summary: 'Read the comments and history of a project task',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{projectId}/plans/{planId}/tasks/{taskId}/feed': {
        summary: 'Add a feed entry to a project task',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{projectId}/plans/{planId}/tasks/insert': {
        summary: 'Insert a new task into a project plan',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Issues',
    page: helpPage('Issues'),
    operations: {
      'GET /api/projects/{projectId}/issues/{issueId}': {
        summary: 'Read one project issue',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/projects/{projectId}/issues/{issueId}': {
        summary: 'Update a project issue: comment, status or fields',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'POST /api/projects/{projectId}/issues/{issueId}/attachments': {
        summary: 'Upload a file to a project issue (multipart form data)',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectId}/issues/{issueId}/feed': {
        summary: 'Read the comments and change history of a project issue',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{projectId}/issues/{issueId}/feed': {
        summary: 'Add a comment to a project issue',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectId}/issues/categories': {
        summary: 'List the issue categories of a project',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{projectId}/issues/categories': {
        summary: 'Create an issue category in a project',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectId}/issues/categories/{issueCategoryId}': {
        summary: 'Read one issue category',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/projects/{projectId}/issues/categories/{issueCategoryId}': {
        summary: 'Edit an issue category',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/projects/{projectId}/issues/categories/{issueCategoryId}': {
        summary: 'Delete an issue category',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/issues': {
        summary: 'Create a project issue',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/issues/priorities': {
        summary: 'List the priorities an issue can have',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/issues/search': {
        summary: 'Find project issues',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/issues/statuses': {
        summary: 'List the statuses an issue can have',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Risks',
    page: helpPage('Risks'),
    operations: {
      'GET /api/projects/{projectId}/risks/{riskId}': {
        summary: 'Read one project risk',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'POST /api/projects/{projectId}/risks/{riskId}': {
        summary: 'Update a project risk: comment, status or fields',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'POST /api/projects/{projectId}/risks/{riskId}/attachments': {
        summary: 'Upload a file to a project risk (multipart form data)',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/projects/{projectId}/risks/{riskId}/feed': {
        summary: 'Read the comments and history of a project risk',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{projectId}/risks/{riskId}/feed': {
        summary: 'Comment on a project risk',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectId}/risks/categories': {
        summary: 'List the risk categories of a project',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{projectId}/risks/categories': {
        summary: 'Create a risk category in a project',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectId}/risks/categories/{riskCategoryId}': {
        summary: 'Read one risk category',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'PUT /api/projects/{projectId}/risks/categories/{riskCategoryId}': {
        summary: 'Edit a risk category',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'DELETE /api/projects/{projectId}/risks/categories/{riskCategoryId}': {
        summary: 'Delete a risk category',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/risks': {
        summary: 'Create a project risk',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/risks/search': {
        summary: 'Find project risks',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/risks/statuses': {
        summary: 'List the statuses a risk can have',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Links',
    page: helpPage('Links'),
    operations: {
      'POST /api/projects/{projectId}/links': {
        summary: 'Add a link to a project',
        effect: 'write',
        limit: perIp(60, 60),
      },
      'GET /api/projects/{projectId}/links/{linkId}': {
        summary: 'Read one project link',
        effect: 'read',
        limit: perIp(60, 60),
      },
      'PUT /api/projects/{projectId}/links/{linkId}': {
        summary: 'Edit a project link',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectId}/links/{linkId}/feed': {
        summary: 'Read the comments of a project link',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{projectId}/links/{linkId}/feed': {
        summary: 'Comment on a project link',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectId}/links/categories': {
        summary: 'List the link categories of a project',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{projectId}/links/search': {
        summary: 'Find the links of a project',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Files',
    page: helpPage('Files'),
    operations: {
      'GET /api/projects/{projectID}/files/{id}': {
        summary: 'Read the details of one project file',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectID}/files/{id}/content': {
        summary: 'Download a project file',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
    },
  },
  {
    area: 'Folders',
    page: helpPage('Folders'),
    operations: {
      'GET /api/projects/{projectID}/folders': {
        summary: 'List the folders of a project’s briefcase',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'GET /api/projects/{projectID}/folders/{id}/files': {
        summary: 'List the files in a project folder',
        effect: 'read',
        limit: NOT_DOCUMENTED,
      },
      'POST /api/projects/{projectID}/folders/{id}/files': {
        summary: 'Upload a file into a project folder',
        effect: 'write',
        limit: NOT_DOCUMENTED,
      },
    },
  },
];
