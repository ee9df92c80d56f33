import { powershellQuote as q } from '@/lib/copy-commands';
import { prepareJob, type JobScriptSpec, type PreparedJob } from './job-script-spec';

const list = (items: readonly string[]) =>
  items.length === 0 ? '@()' : `@(\n${items.map((item) => `  ${q(item)}`).join(',\n')}\n)`;

/** What the script does, whatever the job: fill, sign in, pace, write the results. Data comes only from above it. */
const PROGRAM =
  String.raw`
$Reference = $null
if ($Referenced.Count -gt 0) {
  $Reference = @($Referenced | ForEach-Object { [regex]::Escape('{{' + $_ + '}}') }) -join '|'
}

function Get-Escaped([string]$Text, [string]$How) {
  if ($How -eq 'url') { return [uri]::EscapeDataString($Text) }
  if ($How -eq 'json') {
    $json = ConvertTo-Json -InputObject $Text -Compress
    return $json.Substring(1, $json.Length - 2)
  }
  return $Text
}

# The template with each {{column}} replaced by the row's value, escaped; a value put in is never read again.
function Get-Filled([string]$Template, $Row, [string]$How) {
  if ($null -eq $Reference) { return $Template }
  $filled = [System.Text.StringBuilder]::new()
  $at = 0
  foreach ($match in [regex]::Matches($Template, $Reference)) {
    [void]$filled.Append($Template, $at, $match.Index - $at)
    $name = $match.Value.Substring(2, $match.Value.Length - 4)
    [void]$filled.Append((Get-Escaped ([string]$Row.PSObject.Properties[$name].Value) $How))
    $at = $match.Index + $match.Length
  }
  [void]$filled.Append($Template, $at, $Template.Length - $at)
  return $filled.ToString()
}

function Get-Header($Answer, [string]$Name) {
  $values = $Answer.Headers[$Name]
  if ($null -eq $values) { return $null }
  return [string](@($values)[0])
}

function Get-Text($Answer) {
  if ($Answer.Content -is [byte[]]) { return [System.Text.Encoding]::UTF8.GetString($Answer.Content) }
  return [string]$Answer.Content
}

# Seconds until X-RateLimit-Reset, by the answer's own Date (the tenant's clock), else by this machine's.
function Get-SecondsToReset($Answer) {
  $culture = [System.Globalization.CultureInfo]::InvariantCulture
  $utc = [System.Globalization.DateTimeStyles]::AssumeUniversal
  $reset = [DateTimeOffset]::MinValue
  if (-not [DateTimeOffset]::TryParseExact((Get-Header $Answer 'X-RateLimit-Reset'), 'r', $culture, $utc, [ref]$reset)) {
    return $null
  }
  $now = [DateTimeOffset]::UtcNow
  $date = [DateTimeOffset]::MinValue
  if ([DateTimeOffset]::TryParseExact((Get-Header $Answer 'Date'), 'r', $culture, $utc, [ref]$date)) { $now = $date }
  return [Math]::Max(0.0, ($reset - $now).TotalSeconds)
}

function Wait-Seconds([double]$Seconds, [string]$Why) {
  Write-Host "Waiting $Seconds s: $Why"
  Start-Sleep -Milliseconds ([int][Math]::Ceiling($Seconds * 1000))
}

function Get-WaitAfter429($Answer) {
  $seconds = 0
  $retryAfter = Get-Header $Answer 'Retry-After'
  if ($null -ne $retryAfter -and [int]::TryParse($retryAfter.Trim(), [ref]$seconds)) { return $seconds }
  $until = Get-SecondsToReset $Answer
  if ($null -eq $until) { return $FallbackWaitSeconds }
  return $until + $MarginSeconds
}

# The sign-in's path and body parts, the secret asked without echo; it stays in memory, never on disk.
function Read-Credentials {
  if ($SignIn -eq 'password') {
    $name = Read-Host -Prompt 'User name'
    $secret = Read-Host -Prompt 'Password' -AsSecureString
    return @{ Path = '/api/auth'; Name = 'username'; Value = $name; SecretName = 'password'; Secret = $secret }
  }
  $beid = Read-Host -Prompt 'BEID'
  $secret = Read-Host -Prompt 'WebServicesKey' -AsSecureString
  return @{ Path = '/api/auth/loginadmin'; Name = 'BEID'; Value = $beid; SecretName = 'WebServicesKey'; Secret = $secret }
}

function Get-Token($Credentials) {
  $fields = [ordered]@{}
  $fields[$Credentials.Name] = $Credentials.Value
  $fields[$Credentials.SecretName] = [System.Net.NetworkCredential]::new('', $Credentials.Secret).Password
  $bytes = [System.Text.Encoding]::UTF8.GetBytes((ConvertTo-Json -InputObject $fields -Compress))
  for ($attempt = 0; $attempt -lt 2; $attempt++) {
    $answer = Invoke-WebRequest -Method Post -Uri ($Base + $Credentials.Path) -ContentType 'application/json; charset=utf-8' -Body $bytes -TimeoutSec 60 -SkipHttpErrorCheck
    if ([int]$answer.StatusCode -eq 429 -and $attempt -eq 0) {
      Wait-Seconds (Get-WaitAfter429 $answer) 'the sign-in rate window is spent'
      continue
    }
    if ([int]$answer.StatusCode -ne 200) { throw "Sign-in refused: $([int]$answer.StatusCode) $(Get-Text $answer)" }
    return (Get-Text $answer).Trim()
  }
}

$script:Token = $null
$script:SpentWait = $null

function Send-Row($Row) {
  if ($null -ne $script:SpentWait) {
    Wait-Seconds $script:SpentWait 'the rate window is spent'
    $script:SpentWait = $null
  }
  $uri = $Base + (Get-Filled $Path $Row 'url')
  if ($Query.Count -gt 0) {
    $pairs = foreach ($parameter in $Query) {
      [uri]::EscapeDataString($parameter.Name) + '=' + [uri]::EscapeDataString((Get-Filled $parameter.Value $Row 'text'))
    }
    $uri += '?' + (@($pairs) -join '&')
  }
  $headers = @{ Authorization = 'Bearer ' + $script:Token }
  if ($null -eq $Body) {
    $answer = Invoke-WebRequest -Method $Method -Uri $uri -Headers $headers -TimeoutSec 60 -SkipHttpErrorCheck
  } else {
    $bytes = [System.Text.Encoding]::UTF8.GetBytes((Get-Filled $Body $Row 'json'))
    $answer = Invoke-WebRequest -Method $Method -Uri $uri -Headers $headers -ContentType 'application/json; charset=utf-8' -Body $bytes -TimeoutSec 60 -SkipHttpErrorCheck
  }
  $remaining = 0
  if ([int]$answer.StatusCode -ne 429 -and [int]::TryParse([string](Get-Header $answer 'X-RateLimit-Remaining'), [ref]$remaining) -and $remaining -le 0) {
    $until = Get-SecondsToReset $answer
    if ($null -ne $until) { $script:SpentWait = $until + $MarginSeconds }
  }
  return $answer
}

# One row's answer, tried once more after a 429's wait, or after signing in again on a 401.
function Invoke-Row($Row) {
  $answer = Send-Row $Row
  if ([int]$answer.StatusCode -eq 429) {
    Wait-Seconds (Get-WaitAfter429 $answer) '429 Too Many Requests'
    $answer = Send-Row $Row
  } elseif ([int]$answer.StatusCode -eq 401) {
    $script:Token = Get-Token $Credentials
    $answer = Send-Row $Row
  }
  return $answer
}

# As the console's CSV writes a cell: quoted, and text a spreadsheet would run as a formula gets a leading '.
function Format-Cell($Value) {
  if ($null -eq $Value) { $text = '' }
  elseif ($Value -is [string]) {
    $text = $Value
    if ($text -match $FormulaStart) { $text = "'" + $text }
  }
  elseif ($Value -is [bool]) { $text = if ($Value) { 'true' } else { 'false' } }
  elseif ($Value -is [ValueType]) { $text = [System.Convert]::ToString($Value, [System.Globalization.CultureInfo]::InvariantCulture) }
  else { $text = ConvertTo-Json -InputObject $Value -Compress -Depth 100 }
  return '"' + $text.Replace('"', '""') + '"'
}

function Get-Shown([string]$Name, $Value) {
  if ($SecretNames -contains $Name -and $null -ne $Value -and '' -ne $Value) { return $Mask }
  return ,$Value
}

$rows = @(Import-Csv -LiteralPath $RowsPath -Encoding UTF8)
if ($rows.Count -gt 0) {
  $header = @($rows[0].PSObject.Properties.Name)
  $missing = @($Referenced | Where-Object { $header -notcontains $_ })
  if ($missing.Count -gt 0) { throw "$RowsPath has no column $($missing -join ', ')" }
}
if (Test-Path -LiteralPath $ResultsPath) { throw "$ResultsPath already exists: name a new file for the results" }
$Credentials = Read-Credentials
$script:Token = Get-Token $Credentials

$full = $ExecutionContext.SessionState.Path.GetUnresolvedProviderPathFromPSPath($ResultsPath)
$stream = [System.IO.FileStream]::new($full, [System.IO.FileMode]::CreateNew, [System.IO.FileAccess]::Write)
$writer = [System.IO.StreamWriter]::new($stream, [System.Text.UTF8Encoding]::new($true))
$writer.AutoFlush = $true
try {
  $names = @($Columns) + @('status', 'time') + @($AnswerFields)
  $writer.Write((@($names | ForEach-Object { Format-Cell $_ }) -join ',') + "` +
  '`r`n' +
  String.raw`")
  $number = 0
  foreach ($row in $rows) {
    $number++
    $cells = [System.Collections.Generic.List[string]]::new()
    foreach ($name in $Columns) { $cells.Add((Format-Cell (Get-Shown $name $row.PSObject.Properties[$name].Value))) }
    $at = [DateTimeOffset]::UtcNow.ToString('yyyy-MM-ddTHH:mm:sszzz', [System.Globalization.CultureInfo]::InvariantCulture)
    try {
      $answer = Invoke-Row $row
      $status = [int]$answer.StatusCode
      $record = $null
      try { $record = ConvertFrom-Json -InputObject (Get-Text $answer) -NoEnumerate } catch { $record = $null }
      $cells.Add((Format-Cell $status))
      $cells.Add((Format-Cell $at))
      foreach ($field in $AnswerFields) {
        $value = $null
        if ($record -is [System.Management.Automation.PSCustomObject] -and $null -ne $record.PSObject.Properties[$field]) {
          $value = $record.PSObject.Properties[$field].Value
        }
        $cells.Add((Format-Cell (Get-Shown $field $value)))
      }
    } catch [System.Net.Http.HttpRequestException], [System.Threading.Tasks.TaskCanceledException] {
      $status = 'error: ' + $_.Exception.GetType().Name
      $cells.Add((Format-Cell $status))
      $cells.Add((Format-Cell $at))
      foreach ($field in $AnswerFields) { $cells.Add('""') }
    }
    $writer.Write(($cells -join ',') + "` +
  '`r`n' +
  String.raw`")
    Write-Host "$number/$($rows.Count): $status"
  }
} finally {
  $writer.Dispose()
}
`;

function header(spec: JobScriptSpec, job: PreparedJob): string[] {
  const secret = job.signIn === 'password' ? 'user name and password' : 'BEID and WebServicesKey';
  return [
    '#Requires -Version 7.0',
    ...(job.connection === null ? [] : [`# Connection: ${job.connection}`]),
    `# A bulk job exported from Auth Console: ${spec.method} ${job.path.replace(/[\p{Cc}\u2028\u2029]/gu, ' ')} once for each row of a CSV.`,
    '# Run it in PowerShell 7 as: ./job.ps1 -RowsPath rows.csv -ResultsPath results.csv',
    `# It asks for the ${secret} when it starts (Read-Host -AsSecureString): nothing secret is written in this file.`,
    "# It keeps to the tenant's rate limit: when an answer's X-RateLimit-Remaining is 0 it waits until its",
    '# X-RateLimit-Reset plus $MarginSeconds; on a 429 it waits as the answer says and tries that row once more.',
    "# The results CSV has one line per row: the row's values, the status, the time and the answer's fields.",
  ];
}

/** The job as a PowerShell 7 script (Invoke-WebRequest) that reads the CSV, signs in, runs every row paced and writes results. */
export function powershellJobScript(spec: JobScriptSpec): string {
  const job = prepareJob(spec);
  const query = job.query.map(
    ({ name, value }) => `  [pscustomobject]@{ Name = ${q(name)}; Value = ${q(value)} }`,
  );
  return [
    ...header(spec, job),
    'param(',
    '  [Parameter(Mandatory = $true)][string]$RowsPath,',
    '  [Parameter(Mandatory = $true)][string]$ResultsPath',
    ')',
    "$ErrorActionPreference = 'Stop'",
    '',
    `$Base = ${q(job.base)}`,
    `$SignIn = ${q(job.signIn)}  # 'password' or 'admin-key'`,
    `$Method = ${q(job.method)}`,
    `$Path = ${q(job.path)}`,
    `$Query = ${query.length === 0 ? '@()' : `@(\n${query.join(',\n')}\n)`}`,
    `$Body = ${job.body === null ? '$null' : q(job.body)}`,
    `$Columns = ${list(job.columns)}`,
    '# The columns the path, query and body use, longest first.',
    `$Referenced = ${list(job.referenced)}`,
    `$AnswerFields = ${list(job.answerFields)}`,
    '# Values shown masked in the results: their names say secret.',
    `$SecretNames = ${list(job.secretNames)}`,
    `$Mask = ${q(job.mask)}`,
    `$MarginSeconds = ${job.marginSeconds}`,
    `$FallbackWaitSeconds = ${job.fallbackWaitSeconds}`,
    `$FormulaStart = ${q(job.formulaStart)}`,
    PROGRAM,
  ].join('\n');
}
