// What other features may use of the Requests screen (the lint refuses any other import into this folder): the
// request described once from its form, its sending, its preview, and the answer's CSV.
export {
  describeRequest,
  type DescribeContext,
  type RequestDescription,
} from './description/describe-request';
export type { BuiltRequest, RequestForm } from './form/request-form';
export { sendRequest } from './api/send-request';
export { RequestPreview } from './components/request-preview';
export { recordsToCsv } from './answer/records-csv';
export { answerFileName } from './answer/answer-file-name';
