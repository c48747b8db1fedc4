# The stories of BBC news (shared/corpora/en-bbc-news) as (url, text), in folder and file order;
# read by the scripts under docs/recrawl and docs/candidates.
import os


def stories(root):
    out = []
    for cat in sorted(os.listdir(root)):
        d = os.path.join(root, cat)
        if not os.path.isdir(d): continue
        for name in sorted(os.listdir(d)):
            t = open(os.path.join(d, name), encoding='latin-1').read().strip()
            out.append(('http://bbc/%s/%s' % (cat, name), t))
    return out
