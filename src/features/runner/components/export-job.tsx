import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DescribeContext } from '@/features/requests/public';
import { directBaseUrl } from '@/lib/connection-details';
import type { Connection } from '@/lib/connection';
import { downloadFile } from '@/lib/download-file';
import { useSessionStore } from '@/session/stores/session-store';
import { JobScriptError } from '../export/job-script-spec';
import { powershellJobScript } from '../export/powershell-job-script';
import { pythonJobScript } from '../export/python-job-script';
import { specFromJob } from '../export/spec-from-job';
import type { Job } from '../run/job-store';

const SCRIPTS = [
  { label: 'Export as Python', file: 'job.py', type: 'text/x-python', write: pythonJobScript },
  { label: 'Export as PowerShell', file: 'job.ps1', type: 'text/plain', write: powershellJobScript },
] as const;

/**
 * The job as a script that runs without the console, against the tenant's own address (a relayed connection's
 * tenant, or this server's emulator as the browser reaches it), signing in the way this session did.
 */
export function ExportJob({
  job,
  context,
  connection,
  answerFields,
}: {
  job: Job;
  context: DescribeContext;
  connection: Connection;
  answerFields: readonly string[];
}) {
  const method = useSessionStore((s) => s.session?.method);
  const [problem, setProblem] = useState<string | null>(null);
  const baseUrl = directBaseUrl(connection, window.location.origin);
  function save(script: (typeof SCRIPTS)[number]) {
    try {
      const spec = specFromJob(job.form, job.columns, context, {
        baseUrl,
        signIn: method === 'admin-key' ? 'admin-key' : 'password',
        connection: connection.label,
        answerFields,
      });
      downloadFile(script.file, script.write(spec), script.type);
      setProblem(null);
    } catch (error) {
      if (!(error instanceof JobScriptError)) throw error;
      setProblem(error.message);
    }
  }
  return (
    <Box component="section" aria-label="Export the job">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {SCRIPTS.map((script) => (
          <Button key={script.file} variant="outlined" onClick={() => save(script)}>
            {script.label}
          </Button>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        The script reads the same CSV, calls {baseUrl} itself, asks for the{' '}
        {method === 'admin-key' ? 'BEID and web services key' : 'user name and password'} when it starts and
        writes the results as Download CSV does.
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
