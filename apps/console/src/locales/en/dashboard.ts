export const dashboard = {
  noData: 'No data yet.',
  noCustomers: 'No customers yet.',
  noCredentials: 'No credentials yet.',
  webCredentials: 'Web credentials',
  workstationCredentials: 'Workstation credentials',
  users: { title: 'Users', total: 'Total', enrolled: 'Enrolled', blocked: 'Blocked' },
  recovery: { title: 'Recovery modes', active: 'Active', total: 'Activated so far' },
  licenses: {
    title: 'Licenses',
    remaining: 'Remaining',
    usedOf: '{used} of {total} used',
    usedPercent: '{percent}% of the licenses used',
    expiration: 'Expire on {date}',
  },
};
