/** The shared editor of a flow's stages and terminating credentials (integrations flows, the assistant's flow). */
export const flowEditor = {
  stages: 'Stages',
  hint: 'The user passes the stages in order, choosing one credential of each.',
  stageKinds: 'Stage {n} credentials',
  addStage: 'Add stage',
  removeStage: 'Remove stage',
  removeStageNamed: 'Remove stage {n}',
  moveUp: 'Move up',
  moveUpNamed: 'Move stage {n} up',
  moveDown: 'Move down',
  moveDownNamed: 'Move stage {n} down',
  drag: 'Drag stage {n}',
  dragInstructions:
    'To pick up a stage, press Space or Enter. Move it with the arrow keys, press Space or Enter again to drop it, or Escape to cancel.',
  picked: 'Picked up stage {n}.',
  over: 'Over position {n}.',
  dropped: 'Dropped at position {n}.',
  cancelled: 'Move cancelled.',
  terminatingCredentials: 'Terminating credentials',
  terminatingHint: 'Using one of these ends the flow; only the flow’s own credentials can be chosen.',
  noKindsYet: 'Choose the credentials of a stage first',
};
