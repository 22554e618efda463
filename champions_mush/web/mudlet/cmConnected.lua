-- A new connection starts with Mudlet's own subscriptions: add the panels' packages again.
function cmConnected(event, protocol)
  if protocol == "GMCP" then
    cmSubscribe()
  end
end
