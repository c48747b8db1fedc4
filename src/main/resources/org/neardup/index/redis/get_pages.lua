-- get_pages.lua: records by seq, for stats (top originals) and tests.
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- ARGV[4..] seqs
--
-- Reply: one page (see check_and_record.lua) or nil per seq.

local out = {}
for i = 4, #ARGV do
  local s = tonumber(ARGV[i])
  local r = get_record(s)
  out[#out + 1] = r and {s, r} or false
end
return out
