// Picks the view of the room's game (src/games/<game>/); they all take GameViewProps.
import type { JSX } from 'preact';
import type { GameViewProps } from '../games/types';
import { ClassicView } from '../games/classic/ClassicView';
import { RoyaleView } from '../games/royale/RoyaleView';
import { CrewView } from '../games/crew/CrewView';
import { PartyView } from '../games/party/PartyView';

export function GameView(props: GameViewProps): JSX.Element {
  switch (props.game) {
    case 'classic':
    case 'salvo':
      return <ClassicView {...props} />;
    case 'royale':
      return <RoyaleView {...props} />;
    case 'crew':
      return <CrewView {...props} />;
    case 'party':
      return <PartyView {...props} />;
    default:
      return <p>This client does not know the game “{props.game}”.</p>;
  }
}
