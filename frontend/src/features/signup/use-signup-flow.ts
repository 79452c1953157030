import { AuthMessage, SignInAnswer, SignUpStarted } from "@lg/domain/accounts/web-contract";
import type { ConfirmRequest, ResendRequest, SignUpRequest } from "@lg/domain/accounts/web-requests";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { refreshSignedInUser } from "../../auth/use-auth";
import { toast } from "../../ui/toast-store";

export type SignupMethod = "email" | "phone";

/** Sign-up form state (spec section 3) plus the Cognito username the server hands back. */
export function useSignupFlow() {
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<SignupMethod>("email");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [username, setUsername] = useState("");
  const [destination, setDestination] = useState("");

  const signup = useMutation({
    mutationFn: () =>
      apiJson(
        "POST",
        "/api/auth/signup",
        (method === "email"
          ? { method, email: email.trim(), password }
          : { method, phone: phoneNumber(phone), password }) satisfies SignUpRequest,
        SignUpStarted,
      ),
    onSuccess: (result) => {
      setUsername(result.username);
      setDestination(result.destination);
      toast({ title: "Verification Code Sent", description: "A 6-digit code has been sent to your email or phone" });
    },
    onError: (error) => toast({ title: "Sign-up failed", description: serverMessage(error), variant: "destructive" }),
  });

  const confirm = useMutation({
    mutationFn: () =>
      apiJson("POST", "/api/auth/confirm", { username, code, password } satisfies ConfirmRequest, SignInAnswer),
    onSuccess: () => {
      // The confirm call set the session cookie: the next screens must see a signed-in user.
      void refreshSignedInUser(queryClient);
      toast({ title: "Account Created Successfully!", description: "Your account is ready" });
    },
    onError: (error) => toast({ title: "Invalid Code", description: serverMessage(error), variant: "destructive" }),
  });

  const resend = useMutation({
    mutationFn: () => apiJson("POST", "/api/auth/resend", { username } satisfies ResendRequest, AuthMessage),
    onSuccess: () => toast({ title: "Code Resent", description: "A new verification code has been sent" }),
    onError: (error) => toast({ title: "Resend failed", description: serverMessage(error), variant: "destructive" }),
  });

  return {
    method,
    setMethod,
    email,
    setEmail,
    phone,
    setPhone,
    password,
    setPassword,
    code,
    setCode,
    username,
    destination,
    signup,
    confirm,
    resend,
  };
}

export type SignupFlow = ReturnType<typeof useSignupFlow>;

/**
 * The country code a number typed without one is taken to have, said beside the field: +1, the
 * United States and Canada, whose national numbers (10 digits, or 11 with the leading 1) cannot be
 * mistaken for another country's once their length is checked.
 */
export const DEFAULT_COUNTRY = { code: "+1", name: "the United States or Canada" };

/**
 * The number as typed without the spaces, dashes, dots and brackets people write it with; a
 * national number gets the default country code (issue 36 item 16).
 */
export function phoneNumber(typed: string): string {
  const plain = typed.replace(/[\s().-]/g, "");
  if (/^[2-9]\d{9}$/.test(plain)) return `${DEFAULT_COUNTRY.code}${plain}`;
  if (/^1[2-9]\d{9}$/.test(plain)) return `+${plain}`;
  return plain;
}

/**
 * Why a typed phone number cannot be used, said beside the field (issue 36 item 16: a format error
 * came only as a toast); null when it is an international number (E.164) or a national one of the
 * default country.
 */
export function phoneProblem(typed: string): string | null {
  const number = phoneNumber(typed);
  if (!number) return "Enter your phone number.";
  if (!number.startsWith("+"))
    return `This is not a number in ${DEFAULT_COUNTRY.name} (10 digits): check it, or start with + and your country code.`;
  if (!/^\+[1-9]\d{7,14}$/.test(number)) return "A phone number is + and the country code, then 8 to 15 digits in all.";
  return null;
}
