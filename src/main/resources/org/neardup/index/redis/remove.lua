-- remove.lua: StoreMaintenance.remove.
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- ARGV[4]   url                    ARGV[5] its registry key   ARGV[6] its url hash (8 bytes)
--
-- Reply: 1 when the url was recorded (and now is not), else 0.

local url, ukey, uh = ARGV[4], ARGV[5], ARGV[6]
local seq = R('HGET', ukey, uh)
if not seq then return 0 end
seq = tonumber(seq)
local rec = get_record(seq)
if rec and record_url(rec) ~= url then return 0 end
if rec then rare().remove_page(seq, rec) end
R('HDEL', ukey, uh)
R('HINCRBY', CTR, 'removed', '1')
return 1
