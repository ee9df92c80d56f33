// What other features may use of the runner (the lint refuses any other import into this folder).
export { RunOverRows } from './components/run-over-rows';
export { forgetJobOnSignOut } from './run/job-store';
