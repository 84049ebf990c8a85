/** The system notice posted when a waiting-room session closes (core spec 4: "posts a closed message"). */
export function waitingRoomClosedNotice(reason: "false-alarm" | "baby-here" | "scheduled"): string {
  switch (reason) {
    case "false-alarm":
      return "False alarm: the waiting room is now closed. Thank you for waiting with us!";
    case "baby-here":
      return "The baby is here! The waiting room is now closed. Thank you for waiting with us!";
    case "scheduled":
      return "The waiting room is now closed.";
  }
}
