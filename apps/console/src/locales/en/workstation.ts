/** Workstation login: the keys workstations call with, and a member's offline material. */
export const workstation = {
  keys: {
    intro: 'Workstations sign members in with a key: one per machine, or one for the whole fleet.',
    noRows: 'No workstation keys yet',
    anyMachine: 'Any machine (fleet)',
    columns: { name: 'Name', machine: 'Machine', created: 'Issued', lastUsed: 'Last used', actions: 'Actions' },
    issued: 'Workstation key {name} issued.',
    revoked: 'Workstation key {name} revoked.',
    revoke: 'Revoke',
    revokeNamed: 'Revoke key {name}',
    revokeWarning:
      'Its workstations can no longer sign anyone in, and the offline sign-in material they fetched with it ends.',
    issue: {
      open: 'Issue key',
      title: 'Issue a workstation key',
      submit: 'Issue',
      name: 'Name',
      nameHint: 'What the key is for, e.g. “Reception PC” or “Sales laptops”.',
      scope: 'Machines',
      oneMachine: 'One machine',
      fleet: 'Any machine of the fleet (each names itself)',
      machine: 'Machine name',
      machineHint: 'The computer’s host name, as it names itself (letters, digits, “-”, “_” and “.”).',
    },
    shown: {
      title: 'Workstation key {name}',
      key: 'Workstation key',
      copy: 'Copy key',
      onlyOnce: 'Copy the key now: it will not be shown again.',
      copiedQuestion: 'Have you copied the key? Once this dialog is closed, it cannot be shown again.',
      usageMachine:
        'Put it in the workstation client’s configuration on {machine}: it sends it in the {header} header.',
      usageFleet:
        'Put it in the workstation client’s configuration on each machine: it sends it in the {header} header and its host name in {machineHeader}.',
    },
  },
  offline: {
    title: 'Offline sign-in',
    hint: 'Machines that can let this user in without a network, with codes kept only as slow hashes.',
    none: 'No machine holds offline sign-in material for this user.',
    name: 'the offline material on {machine}',
    revoke: 'Revoke',
    revokeNamed: 'Revoke the offline material on {machine}',
    revokeWarning: 'The machine deletes it at its next contact with the server and cannot refill it.',
    revoked: 'Offline material on {machine} revoked.',
    columns: {
      machine: 'Machine',
      kind: 'Credential',
      values: 'Codes held',
      refilled: 'Last refilled',
      expires: 'Expires',
      actions: 'Actions',
    },
  },
};
