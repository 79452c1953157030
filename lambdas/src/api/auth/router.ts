import { createRouteGroup } from "../../shared/http/route-group.js";
import {
  contact,
  disableTotp,
  enableTotp,
  mfaStatus,
  requestContactChange,
  startTotp,
  undoChange,
  verifyContactChange,
} from "./account-security.js";
import { confirm } from "./confirm.js";
import { currentUser } from "./current-user.js";
import { forgotPassword, resetPassword } from "./forgot-password.js";
import { answerMfaChallenge, login, loginPage } from "./login.js";
import { logout, logoutEverywhere } from "./logout.js";
import { resend } from "./resend.js";
import { signUp } from "./signup.js";

export const handler = createRouteGroup("auth", {
  "GET /api/login": loginPage,
  "POST /api/login": login,
  "POST /api/logout": logout,
  "POST /api/logout/everywhere": logoutEverywhere,
  "GET /api/auth/user": currentUser,
  "POST /api/auth/signup": signUp,
  "POST /api/auth/confirm": confirm,
  "POST /api/auth/resend": resend,
  "POST /api/auth/forgot-password": forgotPassword,
  "POST /api/auth/reset-password": resetPassword,
  "POST /api/auth/mfa-challenge": answerMfaChallenge,
  "GET /api/auth/mfa": mfaStatus,
  "POST /api/auth/mfa/setup": startTotp,
  "POST /api/auth/mfa/enable": enableTotp,
  "POST /api/auth/mfa/disable": disableTotp,
  "GET /api/auth/contact": contact,
  "POST /api/auth/contact": requestContactChange,
  "POST /api/auth/contact/verify": verifyContactChange,
  "POST /api/auth/undo-change": undoChange,
});
