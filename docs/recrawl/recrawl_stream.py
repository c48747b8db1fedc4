# A re-crawl stream from BBC news (shared/corpora/en-bbc-news): 300 stories of > 1,500 chars, each
# followed by a mirror (even: the same text; odd: the third paragraph dropped); then every story
# again with one sentence of correction appended (a re-crawl with changed content); then every
# mirror again (unchanged).
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from bbc_corpus import stories as bbc_stories
stories = [(u, t) for u, t in bbc_stories(sys.argv[1]) if len(t) > 1500][:300]
def mirror(i, t):
    p = t.split('\n\n')
    return t if i % 2 == 0 else '\n\n'.join(p[:2] + p[3:])
def line(url, t): print(json.dumps({'url': url, 'title': t.split('\n')[0], 'text': t}))
for i, (u, t) in enumerate(stories):
    line(u, t); line(u.replace('//bbc/', '//mirror/'), mirror(i, t))
for u, t in stories:
    line(u, t + '\n\nCorrection: an earlier version of this story misstated a figure in the third paragraph.')
for i, (u, t) in enumerate(stories):
    line(u.replace('//bbc/', '//mirror/'), mirror(i, t))
