#!/usr/bin/env bash
# Regenerates the committed videos, audio and PNG logos under assets/public from the SVG
# illustrations beside them, with Debian's ffmpeg (librsvg, libx264, libvpx-vp9, libmp3lame,
# libopus) and the Lora font from @fontsource. Run from anywhere:
#   scripts/generate-media.sh                   everything
#   scripts/generate-media.sh welcome logos     only the named parts
# Parts: ambient welcome founder vela meditations logos
# The app serves assets/public at /static/; an operator replaces any file by putting one of the
# same name under ASSETS_DIR (for example ASSETS_DIR/videos/ambient.webm), with no rebuild.
set -euo pipefail

parts="${*:-ambient welcome founder vela meditations logos}"
wants() { [[ " $parts " == *" $1 "* ]]; }

root="$(cd "$(dirname "$0")/.." && pwd)"
public="$root/assets/public"
font="$root/node_modules/@fontsource/lora/files/lora-latin-500-normal.woff"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

command -v ffmpeg >/dev/null || { echo "ffmpeg is missing: apt-get install ffmpeg" >&2; exit 1; }
[ -f "$font" ] || { echo "run npm install first (the Lora font comes from @fontsource/lora)" >&2; exit 1; }
mkdir -p "$public/videos" "$public/audio"

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# Rasterises an SVG at a chosen size (librsvg renders at the SVG's own width and height).
render_svg() {
  local svg="$1" width="$2" height="$3" png="$4"
  sed -E -e '0,/<svg [^>]*>/{s/ (width|height)="[0-9]+"//g}' -e "0,/<svg /s//<svg width=\"$width\" height=\"$height\" /" "$svg" >"$work/sized.svg"
  ff -i "$work/sized.svg" -frames:v 1 "$png"
}

# A caption line that fades in at $2 seconds and out at $3; $4 is the vertical position.
caption() {
  local text="$1" start="$2" end="$3" y="$4" size="${5:-54}" file
  file="$work/text-$RANDOM$RANDOM.txt"
  printf '%s' "$text" >"$file"
  printf "drawtext=fontfile=%s:textfile=%s:fontsize=%s:fontcolor=0xfffaf0:shadowcolor=0x1a2a22@0.6:shadowx=2:shadowy=2:x=(w-text_w)/2:y=%s:alpha='if(lt(t,%s),0,if(lt(t,%s+1),t-%s,if(lt(t,%s-1),1,if(lt(t,%s),%s-t,0))))'" \
    "$font" "$file" "$size" "$y" "$start" "$start" "$start" "$end" "$end" "$end"
}

# A soft sustained chord with a slow swell; $1 is a list of frequencies in Hz.
pad_expression() {
  local terms=() frequency
  for frequency in $1; do terms+=("sin(2*PI*$frequency*t)"); done
  local sum
  sum="$(IFS=+; echo "${terms[*]}")"
  echo "0.05*($sum)*(0.75+0.25*sin(2*PI*0.08*t))"
}

# Encodes a 960x540 scene (filter graph output [v]) with a pad soundtrack to mp4 and webm.
encode_scene() {
  local name="$1" duration="$2" graph="$3" chord="$4"; shift 4
  local audio="aevalsrc='$(pad_expression "$chord")':s=48000:d=$duration,afade=t=in:d=2,afade=t=out:st=$((duration - 3)):d=3"
  ff "$@" -f lavfi -i "$audio" -filter_complex "$graph" -map '[v]' -map 1:a -t "$duration" \
    -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p -c:a aac -b:a 48k -ac 1 -movflags +faststart \
    "$public/videos/$name.mp4"
  ff "$@" -f lavfi -i "$audio" -filter_complex "$graph" -map '[v]' -map 1:a -t "$duration" \
    -c:v libvpx-vp9 -crf 44 -b:v 0 -row-mt 1 -deadline good -cpu-used 2 -pix_fmt yuv420p \
    -c:a libopus -b:a 32k -ac 1 "$public/videos/$name.webm"
}

echo "rendering illustrations for the videos"
render_svg "$public/images/landscape-dawn.svg" 2560 1440 "$work/dawn.png"
render_svg "$public/images/vela-sky.svg" 2560 1440 "$work/night.png"
ff -i "$root/scripts/media/clouds.svg" -frames:v 1 "$work/clouds.png"

if wants ambient; then
echo "ambient: a 16 s seamless loop, no sound"
# Every motion is periodic in 16 s, so the last frame meets the first.
ff -loop 1 -framerate 24 -i "$work/dawn.png" -loop 1 -framerate 24 -i "$work/clouds.png" -filter_complex "
  [0]crop=w=2240:h=1260:x='160+140*sin(2*PI*t/16)':y='90+40*sin(2*PI*t/16)'[land];
  [land][1]overlay=x='-480+360*sin(2*PI*t/16)':y=40:alpha=premultiplied[scene];
  [scene]scale=1280:720,eq=brightness='0.015*sin(2*PI*t/8)':eval=frame,format=yuv420p[v]" \
  -map '[v]' -t 16 -an -c:v libx264 -preset slow -crf 30 -g 48 -movflags +faststart "$public/videos/ambient.mp4"
ff -loop 1 -framerate 24 -i "$work/dawn.png" -loop 1 -framerate 24 -i "$work/clouds.png" -filter_complex "
  [0]crop=w=2240:h=1260:x='160+140*sin(2*PI*t/16)':y='90+40*sin(2*PI*t/16)'[land];
  [land][1]overlay=x='-480+360*sin(2*PI*t/16)':y=40:alpha=premultiplied[scene];
  [scene]scale=1280:720,eq=brightness='0.015*sin(2*PI*t/8)':eval=frame,format=yuv420p[v]" \
  -map '[v]' -t 16 -an -c:v libvpx-vp9 -crf 46 -b:v 0 -row-mt 1 -deadline good -cpu-used 2 "$public/videos/ambient.webm"

fi

if wants welcome; then
echo "welcome: 18 s"
encode_scene welcome 18 "
  [0]zoompan=z='1+on*0.0005':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=960x540:fps=24,drawbox=c=0x1a2a22@0.16:t=fill,
  $(caption 'Welcome, pilgrim.' 0.5 6 '(h-text_h)/2' 60),
  $(caption 'Your road has ended.' 6.5 12 'h/2-60'),
  $(caption 'Your journey has not.' 7.5 12 'h/2+10'),
  $(caption 'Pilgrim Soul' 12.5 17.5 'h/2-60' 64),
  $(caption 'A home for what the road gave you.' 13.2 17.5 'h/2+20' 38),
  fade=t=in:d=1,fade=t=out:st=17:d=1,format=yuv420p[v]" \
  "146.83 220 293.66 369.99" -loop 1 -framerate 24 -i "$work/dawn.png"

fi

if wants founder; then
echo "founder: 20 s"
encode_scene founder 20 "
  [0]crop=w=2240:h=1260:x='320-t*8':y=120,scale=960:540,colorbalance=rs=0.08:bs=-0.06,drawbox=c=0x1a2a22@0.38:t=fill,
  $(caption 'I came home from the Camino' 0.8 7 'h/2-60' 46),
  $(caption 'with more than I could carry.' 1.6 7 'h/2+5' 46),
  $(caption 'So we built a place to keep it,' 7.5 14 'h/2-60' 46),
  $(caption 'and people to share it with.' 8.3 14 'h/2+5' 46),
  $(caption 'Welcome to Pilgrim Soul.' 14.5 19.5 'h/2-40' 52),
  $(caption 'Our founder' 15.3 19.5 'h/2+30' 30),
  fade=t=in:d=1,fade=t=out:st=19:d=1,format=yuv420p[v]" \
  "130.81 196 261.63 329.63" -loop 1 -framerate 24 -i "$work/dawn.png"

fi

if wants vela; then
echo "vela: 16 s"
encode_scene vela 16 "
  [0]zoompan=z='1.02+on*0.0004':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=960x540:fps=24,eq=brightness='0.02*sin(2*PI*t/4)':eval=frame,
  $(caption 'Meet Vela' 0.8 6 '(h-text_h)/2-40' 64),
  $(caption 'a gentle companion for the road home' 1.8 6 '(h-text_h)/2+40' 34),
  $(caption 'Set an intention. Reflect.' 6.5 15.5 'h/2-60' 46),
  $(caption 'Stay connected, within and beyond.' 7.5 15.5 'h/2+5' 46),
  fade=t=in:d=1,fade=t=out:st=15:d=1,format=yuv420p[v]" \
  "174.61 261.63 349.23 440" -loop 1 -framerate 24 -i "$work/night.png"

fi

# A calm meditation: a slowly breathing drone, a bell every $period seconds and a wash of soft noise.
meditation() {
  local name="$1" drone="$2" bell="$3" period="$4" duration=75
  local tone="0.09*sin(2*PI*$drone*t)+0.05*sin(2*PI*$drone*1.5*t)+0.03*sin(2*PI*$drone*2*t)"
  local strike="exp(-0.55*mod(t,$period))"
  local chime="0.16*sin(2*PI*$bell*t)*$strike+0.05*sin(2*PI*$bell*2.76*t)*$strike*$strike"
  ff -f lavfi -i "aevalsrc='($tone)*(0.8+0.2*sin(2*PI*t/12))+$chime':s=22050:d=$duration" \
    -f lavfi -i "anoisesrc=c=brown:a=0.03:r=22050:d=$duration" \
    -filter_complex "[1]lowpass=f=500[wash];[0][wash]amix=inputs=2:normalize=0,volume=1.8,afade=t=in:d=4,afade=t=out:st=$((duration - 6)):d=6[a]" \
    -map '[a]' -ac 1 -c:a libmp3lame -b:a 32k "$public/audio/meditation-$name.mp3"
}

if wants meditations; then
echo "meditations: 75 s each"
meditation call 146.83 587.33 10
meditation suffering 110 440 14
meditation joy 164.81 659.26 8
meditation what_found_you 185 739.99 11

fi

if wants logos; then
echo "logo PNGs for the press page"
# librsvg cannot load the web font, so the wordmark is set by drawtext in the same Lora 600.
sed 's|<text.*</text>||' "$public/brand/logo.svg" >"$work/logo-mark-only.svg"
render_svg "$work/logo-mark-only.svg" 880 192 "$work/logo-mark-only.png"
ff -i "$work/logo-mark-only.png" -vf "format=rgba,drawtext=fontfile=$root/node_modules/@fontsource/lora/files/lora-latin-600-normal.woff:text=Pilgrim Soul:fontsize=88:fontcolor=0x2f4a3a:x=224:y=128-ascent" \
  -frames:v 1 "$public/brand/logo.png"
render_svg "$public/brand/logo-mark.svg" 512 512 "$public/brand/logo-mark.png"
fi

du -h "$public/videos"/* "$public/audio"/* "$public/brand"/*.png
