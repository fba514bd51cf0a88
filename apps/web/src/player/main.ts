import './player.css';
import { startPlayer } from './player';

// Entry of player.html: the page the web app frames (spec §7 Player loading).
startPlayer(document.getElementById('player')!);
