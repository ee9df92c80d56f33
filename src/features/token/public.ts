// What other features may use of the token screen (the lint refuses any other import into this folder).
export { ClaimsTable } from './components/claims-table';
