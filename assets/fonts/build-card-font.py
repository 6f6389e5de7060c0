"""Builds PilgrimCards-Regular.ttf, the keepsake cards' one font, from Debian 12's fonts-noto-core.

ffmpeg's drawtext draws a line from one font file and has no glyph fallback, so a line such as
"محمد · Camino Francés" needs one face with Latin, Arabic and Hebrew (decision 010). Debian's ffmpeg
has no harfbuzz: drawtext reads only the cmap and the outlines, and fribidi picks Arabic's joined
forms from the Presentation Forms blocks, which Noto Naskh Arabic maps. So the layout tables and the
hinting are dropped, which also lets the faces merge. Noto Serif has no arrows; the cards' "→" comes
from Noto Sans Math.

    apt-get install fonts-noto-core python3-fonttools
    /usr/bin/python3 assets/fonts/build-card-font.py

Beside the font it writes PilgrimCards-coverage.json, the characters it draws as [first, last] ranges,
so the app knows which names it can draw without parsing the font itself.
"""

import json
import os

from fontTools.merge import Merger
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont

NOTO = '/usr/share/fonts/truetype/noto/'
HERE = os.path.dirname(os.path.abspath(__file__))
FAMILY = 'Pilgrim Cards'
ARROWS = range(0x2190, 0x219A)


def outlines_only(source, target, unicodes=None):
    font = TTFont(NOTO + source)
    options = Options()
    options.hinting = False
    options.layout_features = []
    options.drop_tables += ['GSUB', 'GPOS', 'GDEF', 'STAT']
    options.notdef_outline = True
    subsetter = Subsetter(options)
    subsetter.populate(unicodes=unicodes if unicodes is not None else font.getBestCmap().keys())
    subsetter.subset(font)
    font.save(target)
    return target


def ranges(code_points):
    runs = []
    for code_point in sorted(code_points):
        if runs and runs[-1][1] == code_point - 1:
            runs[-1][1] = code_point
        else:
            runs.append([code_point, code_point])
    return runs


def main():
    parts = [
        outlines_only('NotoSerif-Regular.ttf', '/tmp/card-font-serif.ttf'),
        outlines_only('NotoNaskhArabic-Regular.ttf', '/tmp/card-font-arabic.ttf'),
        outlines_only('NotoSerifHebrew-Regular.ttf', '/tmp/card-font-hebrew.ttf'),
        outlines_only('NotoSansMath-Regular.ttf', '/tmp/card-font-arrows.ttf', ARROWS),
    ]
    font = Merger().merge(parts)
    names = font['name']
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6, 16, 17):
            names.removeNames(nameID=record.nameID)
    names.setName(FAMILY, 1, 3, 1, 0x409)
    names.setName('Regular', 2, 3, 1, 0x409)
    names.setName(f'{FAMILY} Regular', 3, 3, 1, 0x409)
    names.setName(f'{FAMILY} Regular', 4, 3, 1, 0x409)
    names.setName('PilgrimCards-Regular', 6, 3, 1, 0x409)
    font.save(os.path.join(HERE, 'PilgrimCards-Regular.ttf'))
    with open(os.path.join(HERE, 'PilgrimCards-coverage.json'), 'w') as coverage:
        json.dump(ranges(font.getBestCmap().keys()), coverage)
        coverage.write('\n')
    for part in parts:
        os.remove(part)


main()
