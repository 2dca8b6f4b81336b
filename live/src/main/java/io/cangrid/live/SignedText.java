package io.cangrid.live;

import java.util.Arrays;
import java.util.Base64;

/**
 * The form the authority's signed records (tokens, revocations) take: the signed bytes followed by the
 * signature, and as text a prefix naming the kind and version, then those bytes in unpadded base64url.
 */
final class SignedText {

    private SignedText() {
    }

    static byte[] join(byte[] payload, byte[] signature) {
        byte[] all = Arrays.copyOf(payload, payload.length + signature.length);
        System.arraycopy(signature, 0, all, payload.length, signature.length);
        return all;
    }

    static String text(String prefix, byte[] bytes) {
        return prefix + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * The bytes of a record written as {@code prefix} and base64url.
     *
     * @param what   what the record is, for the error ("admission token")
     * @param remedy what to do about a bad one, appended to the error
     * @throws CredentialException when the text is not such a record
     */
    static byte[] bytes(String prefix, String text, String what, String remedy) {
        String t = text.trim();
        if (!t.startsWith(prefix)) {
            throw new CredentialException("not a cangrid " + what + " (it should start with '" + prefix + "')" + remedy);
        }
        try {
            return Base64.getUrlDecoder().decode(t.substring(prefix.length()));
        } catch (IllegalArgumentException e) {
            throw new CredentialException("malformed " + what + " (" + e.getMessage() + ")" + remedy);
        }
    }
}
