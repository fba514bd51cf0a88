#!/usr/bin/env bash
# Generates the demo clips the player serves by default (apps/api/media/demo/<clip>/).
#
# The output is committed: `npm start` never needs ffmpeg. Run this only to
# change the clips (Debian's ffmpeg 5.1: `apt-get install ffmpeg`):
#
#   scripts/gen-demo-media.sh            # all clips
#   scripts/gen-demo-media.sh webm       # only progressive.webm of each clip (the rest untouched)
#   FFMPEG=/opt/ffmpeg/bin/ffmpeg scripts/gen-demo-media.sh
#
# Per clip (12 s, notes/player-payments.md R2):
#   master.m3u8                 written here, with the English subtitle rendition
#   234p.m3u8  init_234p.mp4  234p_<n>.m4s   H.264 Main ≤160 kb/s + AAC 48 kb/s mono
#   360p.m3u8  init_360p.mp4  360p_<n>.m4s   H.264 Main ≤400 kb/s + AAC 48 kb/s mono
#   progressive.mp4             the 360p encode, +faststart (Range / 206 path, no-MSE devices)
#   progressive.webm            VP9 ≤200 kb/s + Opus 32 kb/s mono, 360p, for engines without
#                               H.264/AAC (open-source Chromium builds of old TVs; decision 0057)
#   subs/en.vtt subs/tr.vtt     real lines of dialogue, first cue at 0.3 s
#   subs/en.m3u8                one-segment subtitle playlist for native HLS players
#
# fMP4 segments of 6 s with an IDR every 2 s, VOD playlists. One ffmpeg per
# rendition: no -var_stream_map (it crashed older builds, see the notes).
set -euo pipefail

FFMPEG=${FFMPEG:-ffmpeg}
FFPROBE=${FFPROBE:-$(dirname "$(command -v "$FFMPEG")")/ffprobe}
FONT_FILE=${FONT_FILE:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-$ROOT/apps/api/media/demo}

DURATION_S=12
FPS=24
GOP_FRAMES=$((FPS * 2)) # an IDR every 2 s
SEGMENT_S=6

command -v "$FFMPEG" >/dev/null || { echo "ffmpeg not found (FFMPEG=$FFMPEG); apt-get install ffmpeg" >&2; exit 1; }
[ -x "$FFPROBE" ] || FFPROBE=ffprobe
[ -f "$FONT_FILE" ] || { echo "font not found: $FONT_FILE (set FONT_FILE)" >&2; exit 1; }

# name | lavfi video source | tone (Hz)
CLIPS=(
  "ferry|smptebars|440"
  "bazaar|smptehdbars|523"
  "letter|pal75bars|392"
)

# avc1.PPCCLL from the stream's profile and level (Main = 4d40).
codec_of() {
  local level
  level=$("$FFPROBE" -v error -select_streams v:0 -show_entries stream=level -of csv=p=0 "$1")
  printf 'avc1.4d40%02x,mp4a.40.2' "$level"
}

# Peak and average bits per second over the media segments of a playlist.
bandwidth_of() {
  local dir=$1 playlist=$2
  awk -v dir="$dir" '
    /^#EXTINF:/ { sub(/^#EXTINF:/, ""); sub(/,.*/, ""); d = $0; next }
    /^[^#]/ {
      cmd = "stat -c %s \"" dir "/" $0 "\""; cmd | getline size; close(cmd)
      bits = size * 8; total += bits; secs += d
      if (bits / d > peak) peak = bits / d
    }
    END { printf "%d %d\n", peak, total / secs }
  ' "$dir/$playlist"
}

# The inputs every encode of a clip shares: the test picture with its caption
# (clip · rendition · running time) and the tone. Sets INPUTS.
inputs_of() {
  local name=$1 source=$2 tone=$3 width=$4 height=$5 label=$6
  local font_px=$((height / 10))
  local text="$name · $label · %{pts\\:hms}"
  INPUTS=(
    -f lavfi -i "$source=size=${width}x${height}:rate=$FPS:duration=$DURATION_S"
    -f lavfi -i "sine=frequency=$tone:sample_rate=48000:duration=$DURATION_S"
    -vf "drawtext=fontfile=$FONT_FILE:text='$text':fontsize=$font_px:fontcolor=white:box=1:boxcolor=black@0.7:boxborderw=6:x=(w-tw)/2:y=h-th-$((height / 6))"
  )
}

encode() {
  local dir=$1 name=$2 source=$3 tone=$4 width=$5 height=$6 crf=$7 maxrate_k=$8 label=$9
  inputs_of "$name" "$source" "$tone" "$width" "$height" "$label"
  "$FFMPEG" -hide_banner -loglevel error -y "${INPUTS[@]}" \
    -c:v libx264 -preset veryfast -profile:v main -pix_fmt yuv420p \
    -g $GOP_FRAMES -keyint_min $GOP_FRAMES -sc_threshold 0 \
    -crf "$crf" -maxrate "${maxrate_k}k" -bufsize "$((maxrate_k * 2))k" \
    -c:a aac -b:a 48k -ac 1 -ar 48000 \
    -movflags +faststart \
    "$dir/$label.source.mp4"
  # Cut the same encode into fMP4 HLS without re-encoding (cuts fall on the 2 s IDRs).
  (cd "$dir" && "$FFMPEG" -hide_banner -loglevel error -y -i "$label.source.mp4" -c copy \
    -f hls -hls_time $SEGMENT_S -hls_playlist_type vod -hls_segment_type fmp4 \
    -hls_flags independent_segments \
    -hls_fmp4_init_filename "init_$label.mp4" -hls_segment_filename "${label}_%d.m4s" \
    "$label.m3u8")
}

# The royalty-free rendition: what an engine without H.264/AAC plays (decision 0057).
# Same picture and tone as the 360p encode; a keyframe every 2 s, cues at the front.
encode_webm() {
  local dir=$1 name=$2 source=$3 tone=$4
  inputs_of "$name" "$source" "$tone" 640 360 webm
  "$FFMPEG" -hide_banner -loglevel error -y "${INPUTS[@]}" \
    -c:v libvpx-vp9 -pix_fmt yuv420p -deadline good -cpu-used 4 -row-mt 1 \
    -g $GOP_FRAMES -keyint_min $GOP_FRAMES -crf 42 -b:v 200k \
    -c:a libopus -b:a 32k -ac 1 -ar 48000 \
    -f webm -cues_to_front 1 \
    "$dir/progressive.webm"
}

write_subtitles() {
  local dir=$1 name=$2
  mkdir -p "$dir/subs"
  case $name in
    ferry)
      en=("Is this seat taken?" "No, please sit. The ferry is full today." \
        "I haven't crossed to Kadıköy in years." "Then have a simit. The gulls will want one too." \
        "Thank you. It's good to be home.")
      tr=("Bu koltuk boş mu?" "Boş, buyurun oturun. Vapur bugün çok kalabalık." \
        "Yıllardır Kadıköy'e geçmedim." "O zaman bir simit alın. Martılar da isteyecek." \
        "Teşekkürler. Eve dönmek güzel.") ;;
    bazaar)
      en=("How much is this copper coffee pot?" "For you, four hundred lira." \
        "Four hundred? My grandmother paid forty." "Your grandmother bought it in 1975, sister." \
        "Fine. Three hundred, and you wrap it well.")
      tr=("Bu bakır cezve kaç para?" "Size dört yüz lira." \
        "Dört yüz mü? Babaannem kırk lira vermişti." "Babaanneniz onu 1975'te almış, abla." \
        "Peki. Üç yüz, ama güzelce sarın.") ;;
    letter)
      en=("There's a letter for you. It came from Trabzon." "From Trabzon? Nobody writes to me from there." \
        "The handwriting looks like your father's." "Read it to me. My hands are shaking." \
        "\"My son, come home before the tea harvest.\"")
      tr=("Sana bir mektup var. Trabzon'dan gelmiş." "Trabzon'dan mı? Oradan bana kimse yazmaz." \
        "Yazı babanınkine benziyor." "Bana oku. Ellerim titriyor." \
        "\"Oğlum, çay hasadından önce eve gel.\"") ;;
    *) echo "no dialogue for clip $name" >&2; exit 1 ;;
  esac
  # Five cues of 2.1 s, 0.1 s apart, from 0.3 s to the end of the clip.
  local starts=("00:00:00.300" "00:00:02.500" "00:00:04.700" "00:00:06.900" "00:00:09.100")
  local ends=("00:00:02.400" "00:00:04.600" "00:00:06.800" "00:00:09.000" "00:00:11.900")
  local lang lines i
  for lang in en tr; do
    {
      echo "WEBVTT"
      echo
      for i in 0 1 2 3 4; do
        if [ "$lang" = en ]; then lines=${en[$i]}; else lines=${tr[$i]}; fi
        echo "$((i + 1))"
        echo "${starts[$i]} --> ${ends[$i]}"
        echo "$lines"
        echo
      done
    } >"$dir/subs/$lang.vtt"
  done
  cat >"$dir/subs/en.m3u8" <<EOF
#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:$DURATION_S
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:$DURATION_S.000,
en.vtt
#EXT-X-ENDLIST
EOF
}

write_master() {
  local dir=$1 low_bw low_avg high_bw high_avg
  read -r low_bw low_avg < <(bandwidth_of "$dir" 234p.m3u8)
  read -r high_bw high_avg < <(bandwidth_of "$dir" 360p.m3u8)
  cat >"$dir/master.m3u8" <<EOF
#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="subs/en.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=$low_bw,AVERAGE-BANDWIDTH=$low_avg,RESOLUTION=416x234,FRAME-RATE=$FPS.000,CODECS="$(codec_of "$dir/234p.source.mp4")",SUBTITLES="subs"
234p.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=$high_bw,AVERAGE-BANDWIDTH=$high_avg,RESOLUTION=640x360,FRAME-RATE=$FPS.000,CODECS="$(codec_of "$dir/360p.source.mp4")",SUBTITLES="subs"
360p.m3u8
EOF
}

# Fails when a playlist is not what players and the notes expect (G-P15).
check_playlists() {
  local dir=$1 label
  for label in 234p 360p; do
    local p="$dir/$label.m3u8"
    grep -qx '#EXT-X-TARGETDURATION:6' "$p" || { echo "$p: target duration is not 6" >&2; exit 1; }
    grep -qx '#EXT-X-PLAYLIST-TYPE:VOD' "$p" || { echo "$p: no VOD tag" >&2; exit 1; }
    grep -qx '#EXT-X-ENDLIST' "$p" || { echo "$p: no end tag" >&2; exit 1; }
    grep -q "^#EXT-X-MAP:URI=\"init_$label.mp4\"" "$p" || { echo "$p: no init segment" >&2; exit 1; }
    awk -F'[:,]' '/^#EXTINF:/ && $2 > 6.5 { bad = 1 } END { exit bad }' "$p" ||
      { echo "$p: a segment overruns 6.5 s" >&2; exit 1; }
  done
}

if [ "${1:-}" = webm ]; then
  for spec in "${CLIPS[@]}"; do
    IFS='|' read -r name source tone <<<"$spec"
    dir="$OUT/$name"
    [ -d "$dir" ] || { echo "$dir: no clip yet (run without arguments first)" >&2; exit 1; }
    encode_webm "$dir" "$name" "$source" "$tone"
    echo "$name: progressive.webm $(stat -c %s "$dir/progressive.webm") bytes"
  done
  exit 0
fi

for spec in "${CLIPS[@]}"; do
  IFS='|' read -r name source tone <<<"$spec"
  dir="$OUT/$name"
  rm -rf "$dir"
  mkdir -p "$dir"
  encode "$dir" "$name" "$source" "$tone" 416 234 30 160 234p
  encode "$dir" "$name" "$source" "$tone" 640 360 28 400 360p
  mv "$dir/360p.source.mp4" "$dir/progressive.mp4"
  encode_webm "$dir" "$name" "$source" "$tone"
  write_subtitles "$dir" "$name"
  # The 360p source is the progressive file now; the master reads its codec.
  ln -s progressive.mp4 "$dir/360p.source.mp4"
  write_master "$dir"
  rm -f "$dir/234p.source.mp4" "$dir/360p.source.mp4"
  check_playlists "$dir"
  echo "$name: $(du -sb "$dir" | cut -f1) bytes in $(find "$dir" -type f | wc -l) files"
done
