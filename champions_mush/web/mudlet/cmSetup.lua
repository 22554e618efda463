-- champions-mush for Mudlet: gauges for STUN, BODY and END, a Speed Chart panel showing whose
-- Phase it is, and a tab for the channels. Built from champions_mush/web/mudlet/ by
-- `champions-mush mudlet-package`; every GMCP message it reads is one the game sends
-- (docs/clients.md, "GMCP messages").
cm = cm or {}
cm.panel = cm.panel or Geyser.Container:new({name = "cmPanel", x = "-330px", y = "0px", width = "330px", height = "100%"})

local function gauge(name, caption, y, colour)
  local bar = Geyser.Gauge:new({name = name, x = "10px", y = y, width = "310px", height = "22px"}, cm.panel)
  bar.front:setStyleSheet("background-color: " .. colour .. "; border-radius: 4px;")
  bar.back:setStyleSheet("background-color: #202020; border-radius: 4px;")
  bar:setValue(1, 1, caption)
  return bar
end

cm.stun = cm.stun or gauge("cmStun", "STUN", "10px", "#c0392b")
cm.body = cm.body or gauge("cmBody", "BODY", "38px", "#8e44ad")
cm.endurance = cm.endurance or gauge("cmEnd", "END", "66px", "#2471a3")
cm.chart = cm.chart or Geyser.MiniConsole:new({name = "cmSpeedChart", x = "10px", y = "100px", width = "310px",
  height = "190px", fontSize = 9, color = "black"}, cm.panel)
cm.chatTitle = cm.chatTitle or Geyser.Label:new({name = "cmChatTitle", x = "10px", y = "296px", width = "310px",
  height = "20px", message = "<center>Channels</center>"}, cm.panel)
cm.chat = cm.chat or Geyser.MiniConsole:new({name = "cmChannels", x = "10px", y = "318px", width = "310px",
  height = "-10px", fontSize = 9, color = "black"}, cm.panel)
setBorderRight(340)

-- Mudlet subscribes to Char and Room by itself; the panels also need Comm.Channel and Combat.
function cmSubscribe()
  sendGMCP('Core.Supports.Add ["Char 1", "Room 1", "Comm.Channel 1", "Combat 1"]')
  cm.subscribed = true
end

if not cm.subscribed then
  cmSubscribe()
end
