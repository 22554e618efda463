-- Char.Vitals: the gauges. A Champions game sends STUN, BODY and END with their maximums; a
-- Powers That Be or AnimOuch! game sends its own values, shown on the gauges' captions.
function cmVitals()
  local v = gmcp.Char.Vitals
  if v.maxstun then
    cm.stun:setValue(math.max(v.stun, 0), math.max(v.maxstun, 1), "STUN " .. v.stun .. "/" .. v.maxstun)
    cm.body:setValue(math.max(v.body, 0), math.max(v.maxbody, 1), "BODY " .. v.body .. "/" .. v.maxbody)
    cm.endurance:setValue(math.max(v["end"], 0), math.max(v.maxend, 1), "END " .. v["end"] .. "/" .. v.maxend)
  else
    local parts = {}
    for key, value in pairs(v) do
      parts[#parts + 1] = key .. " " .. tostring(value)
    end
    table.sort(parts)
    cm.stun:setValue(1, 1, table.concat(parts, ", "))
  end
end
