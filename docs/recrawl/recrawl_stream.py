# A re-crawl stream from BBC news (shared/corpora/en-bbc-news): 300 stories of > 1,500 chars, each
# followed by a mirror (even: the same text; odd: the third paragraph dropped); then every story
# again with one sentence of correction appended (a re-crawl with changed content); then every
# mirror again (unchanged).
import json, os, sys
root = sys.argv[1]
stories = []
for cat in sorted(os.listdir(root)):
    d = os.path.join(root, cat)
    if not os.path.isdir(d): continue
    for name in sorted(os.listdir(d)):
        t = open(os.path.join(d, name), encoding='latin-1').read().strip()
        if len(t) > 1500: stories.append(('http://bbc/%s/%s' % (cat, name), t))
stories = stories[:300]
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
