/**
 * Black and White for the formats that know only those two (2.2 game/black and game/white, SGF
 * PB/PW): the first player of each colour. Other participants (3.0 allows any number: hosts,
 * commentators, pair-go partners) have no place there and are reported.
 */
import type { RecordInfo, RecordParticipant, SourcePosition, StoneColor } from './record';
import type { Warn } from './warnings';

export interface Sides {
  readonly black?: RecordParticipant;
  readonly white?: RecordParticipant;
}

export function sidesOf(info: RecordInfo, at: SourcePosition | undefined, warn: Warn): Sides {
  const chosen = new Map<StoneColor, number>();
  for (const player of info.players) {
    if (player.color && !chosen.has(player.color) && info.participants[player.participant]) chosen.set(player.color, player.participant);
  }
  const used = new Set(chosen.values());
  info.participants.forEach((participant, index) => {
    if (!used.has(index)) warn(at, 'convert.participantDropped', participant.name ?? `#${index}`);
  });
  const black = chosen.get('black');
  const white = chosen.get('white');
  return {
    ...(black !== undefined && { black: info.participants[black] }),
    ...(white !== undefined && { white: info.participants[white] }),
  };
}
