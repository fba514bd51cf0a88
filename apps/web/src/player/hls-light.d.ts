// hls.js ships no declaration beside its light ESM build; it is the same API.
declare module 'hls.js/dist/hls.light.mjs' {
  import Hls from 'hls.js';
  export default Hls;
}
