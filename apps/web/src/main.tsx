import { installTag } from './lib/analytics';
import { startBrowserApp } from './app/start-browser';
import './styles/global.css';

// The app's entry in the browser (app/start-browser.tsx).

// Spec §7: the global tag function, before anything can send an event.
installTag();

void startBrowserApp();
