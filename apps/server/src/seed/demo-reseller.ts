/**
 * What the reseller's pages show on the demo: a further manager user of Acme with narrower
 * scopes and an expiration, and a login-assistant script for Acme (the customer with the
 * login assistant).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { laScripts, staffUsers } from '../db/schema/index.ts';

const SCRIPT = `# Acme login assistant: opens the SAP GUI sign-in and hands it to the assistant.
param([string]$System = "PRD")
Start-Process "saplogon.exe" -ArgumentList "-system=$System"
Write-Output "SAP GUI started for $System"
`;

export async function seedResellerConsole(
  db: Db,
  acmeId: string,
  passwordHash: string,
  reseller: string,
): Promise<void> {
  await db.insert(staffUsers).values({
    userType: 'CustomerUser',
    customerId: acmeId,
    username: 'helpdesk@acme.example',
    email: 'helpdesk@acme.example',
    passwordHash,
    scopes: ['members:read', 'audit:read'],
    expiration: new Date(Date.now() + 180 * 86_400_000),
  });
  const content = Buffer.from(SCRIPT, 'utf8');
  await db.insert(laScripts).values({
    customerId: acmeId,
    name: 'acme-sap-logon.ps1',
    version: '1.2.0',
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    content,
    uploadedBy: reseller,
  });
}
