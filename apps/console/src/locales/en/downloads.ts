/** The customer user's Downloads page: clients to install, login-assistant scripts to hand out. */
export const downloads = {
  intro: 'What your organisation installs on its computers or hands out to its users.',
  clients: {
    title: 'Clients',
    workstation: 'Workstation client',
    workstationHint: 'Signs your users in to their Windows computers with their credentials.',
    loginAssistant: 'Login assistant client',
    loginAssistantHint: 'Fills in the sign-in of the applications your login groups name.',
    open: 'Download',
    openNamed: 'Download the {name}',
    none: 'No client download is configured for this deployment. Ask your provider where to get the clients.',
  },
  scripts: {
    title: 'Login assistant scripts',
    intro: 'Scripts your reseller uploaded for your login assistants.',
    none: 'Your reseller has not uploaded any script yet.',
    more: 'The {shown} newest of {count} scripts are listed.',
    noAssistant: 'Your organisation does not have the login assistant, so there are no scripts to download.',
    downloaded: 'Downloaded {name}.',
  },
};
